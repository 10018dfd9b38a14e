import type { StoreSettings } from '@charms/domain/store-settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type StoreSettingsRow, storeSettings } from '../db/schema';

/** The one settings row as the domain reads it. */
export function settingsFromRow(row: StoreSettingsRow): StoreSettings {
  return {
    storeName: row.storeName,
    phone: row.phone,
    contactEmail: row.contactEmail,
    ordersEmail: row.ordersEmail,
    photoArtEmail: row.photoArtEmail,
    social: { facebook: row.facebookUrl, pinterest: row.pinterestUrl, twitter: row.twitterUrl },
    shippingPrices: {
      ground: row.groundShippingCents,
      'two-day': row.twoDayShippingCents,
      'next-day': row.nextDayShippingCents,
      saturday: row.saturdayShippingCents,
    },
    engraving: { centsPerCharacter: row.engravingCentsPerCharacter, freeMetalIds: row.engravingFreeMetalIds },
    assemblyFeeCents: row.assemblyFeeCents,
    sameDayCutoff: row.sameDayCutoff,
    timeZone: row.timeZone,
    closureDays: row.closureDays,
  };
}

/** The row's columns for a whole set of settings. */
export function rowFromSettings(settings: StoreSettings): Omit<StoreSettingsRow, 'id' | 'updatedAt'> {
  return {
    storeName: settings.storeName,
    phone: settings.phone,
    contactEmail: settings.contactEmail,
    ordersEmail: settings.ordersEmail,
    photoArtEmail: settings.photoArtEmail,
    facebookUrl: settings.social.facebook,
    pinterestUrl: settings.social.pinterest,
    twitterUrl: settings.social.twitter,
    groundShippingCents: settings.shippingPrices.ground,
    twoDayShippingCents: settings.shippingPrices['two-day'],
    nextDayShippingCents: settings.shippingPrices['next-day'],
    saturdayShippingCents: settings.shippingPrices.saturday,
    engravingCentsPerCharacter: settings.engraving.centsPerCharacter,
    engravingFreeMetalIds: [...settings.engraving.freeMetalIds],
    assemblyFeeCents: settings.assemblyFeeCents,
    sameDayCutoff: settings.sameDayCutoff,
    timeZone: settings.timeZone,
    closureDays: [...settings.closureDays],
  };
}

/** Reads the settings row (the migration writes it; it is never deleted). `lock` holds it for an update. */
export async function readStoreSettings(db: Db, options: { lock?: boolean } = {}): Promise<StoreSettings> {
  const query = db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new Error('store_settings has no row: run the migrations');
  return settingsFromRow(row);
}

/**
 * The settings every request reads, cached in this process and dropped whenever the database announces a change
 * (NOTIFY catalog_changed, sent by the trigger on store_settings), so every instance sees a change at once. While
 * notifications are not heard (not yet listening, or the connection lost), nothing is cached: each call reads the row.
 */
export class StoreSettingsLoader {
  private cached: Promise<StoreSettings> | undefined;
  listening = false;

  constructor(private readonly db: Db) {}

  get(): Promise<StoreSettings> {
    if (!this.listening) return readStoreSettings(this.db);
    if (!this.cached) {
      const loading = readStoreSettings(this.db);
      this.cached = loading;
      loading.catch(() => {
        if (this.cached === loading) this.cached = undefined;
      });
    }
    return this.cached;
  }

  /** Forgets the cached copy (a change was announced, or this instance just made one). */
  drop(): void {
    this.cached = undefined;
  }
}
