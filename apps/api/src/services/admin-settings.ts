import type { AdminSettings, SaveSettings } from '@charms/contracts/admin-settings';
import { type StoreSettings, shipCalendarOf } from '@charms/domain/store-settings';
import { storeTime } from '@charms/domain/ship-dates';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storeSettings } from '../db/schema';
import { invalidFields } from '../http-error';
import { changeView, changesOf, recordChange } from '../staff/admin-audit';
import type { Actor } from '../staff/audit';
import { readStoreSettings, rowFromSettings } from './store-settings';

type StaffActor = Actor & { id: string };

/** The settings have one trail: entity 'setting', id 'store'. */
const ENTITY_ID = 'store';

/** The store's today in its own time zone. */
const todayOf = (settings: StoreSettings, now: Date) => storeTime(now, shipCalendarOf(settings).timeZone).date;

/** What the admin's page shows: the settings (closure days already past left out), the store's today and the trail. */
export async function getAdminSettings(db: Db, now: Date, settings?: StoreSettings): Promise<AdminSettings> {
  const current = settings ?? (await readStoreSettings(db));
  const today = todayOf(current, now);
  const history = await changesOf(db, 'setting', ENTITY_ID);
  return {
    settings: { ...current, shippingPrices: { ...current.shippingPrices }, engraving: { ...current.engraving, freeMetalIds: [...current.engraving.freeMetalIds] }, closureDays: current.closureDays.filter((day) => day >= today) },
    today,
    history: history.map(changeView),
  };
}

function settingsOf(body: SaveSettings): StoreSettings {
  return {
    storeName: body.storeName,
    phone: body.phone,
    contactEmail: body.contactEmail,
    ordersEmail: body.ordersEmail,
    photoArtEmail: body.photoArtEmail,
    social: { facebook: body.facebookUrl, pinterest: body.pinterestUrl, twitter: body.twitterUrl },
    shippingPrices: { ground: body.shippingGround, 'two-day': body.shippingTwoDay, 'next-day': body.shippingNextDay, saturday: body.shippingSaturday },
    engraving: { centsPerCharacter: body.engravingPerCharacter, freeMetalIds: body.engravingFreeMetalIds },
    assemblyFeeCents: body.assemblyFee,
    sameDayCutoff: body.sameDayCutoff,
    timeZone: body.timeZone,
    closureDays: body.closureDays,
  };
}

/**
 * Saves every setting (owners), audited in the same transaction with the fields that changed. Closure days already
 * past in the store's time zone are refused, except those already saved (they are history, and simply dropped).
 * Returns the saved settings; every instance drops its cached copy when the trigger's notification arrives.
 */
export async function saveSettings(db: Db, actor: StaffActor, body: SaveSettings, now: Date): Promise<StoreSettings> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const before = await readStoreSettings(tx, { lock: true });
    const today = todayOf({ ...before, timeZone: body.timeZone }, now);
    const past = body.closureDays.filter((day) => day < today);
    if (past.length > 0) throw invalidFields([{ field: 'closureDays', message: `${past.join(', ')}: already past (today is ${today})` }]);
    const after = settingsOf(body);
    await tx.update(storeSettings).set({ ...rowFromSettings(after), updatedAt: sql`now()` }).where(eq(storeSettings.id, 1));
    const columns = (settings: StoreSettings) => {
      const { closureDays, ...row } = rowFromSettings(settings);
      return { ...row, closureDays: closureDays.filter((day) => day >= today) };
    };
    await recordChange(tx, { actor, entityType: 'setting', entityId: ENTITY_ID, action: 'updated', before: columns(before), after: columns(after) });
    return after;
  });
}
