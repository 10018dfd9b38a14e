import type { BagItem, BagResponse } from '@charms/contracts/bag';
import type { ProductSummary } from '@charms/contracts/catalog';
import type { DataLayerEvent } from '@charms/contracts/envelope';
import { type BagLineKind, type PricedLine, bagSubtotals, bagTotals, lineTotal, shouldSuggestAssembly } from '@charms/domain/bag';
import { chargedCharacters, engravingCharge, engravingFontName } from '@charms/domain/engraving';
import { type Metal, findMetalById } from '@charms/domain/metals';
import { type PromotionVerdict, evaluatePromotion } from '@charms/domain/promotions';
import { formatCents } from '@charms/domain/money';
import { estimateShipDate, minutesUntilCutoff } from '@charms/domain/ship-dates';
import { ASSEMBLY_DAYS, DEFAULT_SHIPPING_TYPE, STATE_PROVINCES, type ShippingTypeId, findStateProvince, shippingOptions } from '@charms/domain/shipping';
import { countBagItems } from '@charms/domain/storefront-bag-count';
import { type StoreSettings, shippingSettingsOf } from '@charms/domain/store-settings';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { type PromotionRow, promotions } from '../db/schema';
import { type SummaryRow, imageUrl, money, pathOf } from './catalog-presenters';
import { mediaUrl } from './photo-presenters';

/** Reads a shopper's bag and prices it from the database: nothing a client sent is trusted. */

export interface CartRecord {
  id: string;
  sessionId: string;
  promotionId: number | null;
  shipToStateProvince: string | null;
  shippingTypeId: string | null;
  orderComments: string | null;
  email: string | null;
  /** The order being paid for from this bag, while it is. */
  checkoutOrderId: string | null;
}

interface ItemRow extends Omit<SummaryRow, 'id' | 'priceCents' | 'kind'> {
  productKind: 'charm' | 'bracelet';
  itemId: string;
  kind: BagLineKind;
  parentItemId: string | null;
  productId: number | null;
  metalId: number | null;
  braceletSize: number | null;
  quantity: number;
  priceCents: number | null;
  leadTimeMaxDays: number | null;
  primaryCategoryId: number | null;
  photoUploadedAt: string | null;
  /** The listing photo's smallest JPEG key, when staff gave the product photos. */
  photoKey: string | null;
  /** Retired by staff: no longer sold. */
  retired: boolean | null;
  /** False while the metal is sold out (offered, but not for now). */
  available: boolean | null;
}

interface SpecificRow {
  id: string;
  itemId: string;
  text: string;
  font: string;
}

/** A priced line of the bag, with what the shopper sees of it. */
export interface PricedBagLine extends PricedLine {
  item: BagItem;
  productId: number | null;
  metalId: number | null;
  /** The product's primary category (suggestions come from the bag's categories). */
  categoryId: number | null;
  leadTimeDays: number;
  /** False when the product is retired, or no longer offered or sold out in its metal: checkout refuses it. */
  orderable: boolean;
  /** Why checkout refuses the line, as a sentence; null when it is orderable. */
  unorderableReason: string | null;
}


/** The bag row's columns as a CartRecord. */
export const cartColumns = sql`id, session_id as "sessionId", promotion_id as "promotionId", ship_to_state_province as "shipToStateProvince",
  shipping_type_id as "shippingTypeId", order_comments as "orderComments", email, checkout_order_id as "checkoutOrderId"`;

/** The shopper's bag row; `lock` takes its row lock (inside a transaction) so changes to it queue up. */
export async function loadCart(db: Db, sessionId: string, options: { lock?: boolean } = {}): Promise<CartRecord | undefined> {
  const [cart] = await queryRows<CartRecord>(
    db,
    sql`select ${cartColumns} from carts where session_id = ${sessionId} ${options.lock ? sql`for update` : sql``}`,
    { prepared: true },
  );
  return cart;
}

/** A shopper's bag as stored, priced, with its promotion. */
export interface LoadedBag {
  sessionMetal: Metal;
  cart: CartRecord | undefined;
  lines: PricedBagLine[];
  /** The bag's promotion, and how often this session has used it on orders. */
  promotion: PromotionRow | undefined;
  promotionUsesBySession: number;
}

/** The bag statement's one row: the session, its bag and the bag's promotion (`bag`); the lines as JSON arrays. */
interface BagStatementRow {
  bag: BagHeader;
  /** One array per line (and per engraving of a line), values in the order of LINE_COLUMNS; null for no lines. */
  lines: unknown[][] | null;
}

interface BagHeader {
  sessionMetalId: number;
  cart: CartRecord | null;
  promotion: (Omit<PromotionRow, 'startsAt' | 'endsAt'> & { startsAt: string | null; endsAt: string | null }) | null;
  promotionUses: number | null;
}

/** What the bag statement sends of each line, in order (a line with its engraving, when it has one). */
type LineColumns = ItemRow & { specificId: string | null; specificText: string; specificFont: string };

/**
 * The columns of a line in the bag statement, in order. Lines travel as JSON arrays of these values, which cost
 * PostgreSQL less to build than objects, and the API less to read than a row per line (decision 0016).
 */
const LINE_COLUMNS: readonly [keyof LineColumns, string][] = [
  ['itemId', 'i.id'],
  ['kind', 'i.kind'],
  ['parentItemId', 'i.parent_item_id'],
  ['productId', 'i.product_id'],
  ['metalId', 'i.metal_id'],
  ['braceletSize', 'i.bracelet_size'],
  ['quantity', 'i.quantity'],
  ['name', 'p.name'],
  ['slug', 'p.slug'],
  ['productKind', 'p.kind'],
  ['brand', 'p.brand'],
  ['shape', 'p.shape'],
  ['sizes', 'p.sizes'],
  ['isPhotoArt', 'p.is_photo_art'],
  ['engravingMaxChars', 'p.engraving_max_chars'],
  ['leadTimeMaxDays', 'p.lead_time_max_days'],
  ['primaryCategoryId', 'p.primary_category_id'],
  ['primaryCategorySlug', 'cat.url_friendly_name'],
  ['priceCents', 'pp.price_cents'],
  ['retired', 'p.retired_at is not null'],
  ['available', 'pp.available'],
  ['specificId', 'sp.id'],
  ['specificText', 'sp.text'],
  ['specificFont', 'sp.font'],
  ['photoUploadedAt', 'ph.created_at'],
  // The listing photo's smallest JPEG (the first photo tagged with the line's metal, else the first untagged one), as
  // listings choose it (listingPhoto in photo-presenters.ts): the bag shows the product as the shop does.
  [
    'photoKey',
    `(select v->>'key' from product_photos lp cross join jsonb_array_elements(lp.variants) v
       where lp.product_id = i.product_id and (lp.metal_id = i.metal_id or lp.metal_id is null) and v->>'format' = 'jpeg'
       order by lp.metal_id is null, lp.position, lp.id, (v->>'width')::int limit 1)`,
  ],
];
/** One chunk of constant text: built once, not walked by the query builder on every read. */
const lineValues = sql.raw(LINE_COLUMNS.map(([, column]) => column).join(', '));

/**
 * Reads the bag in one round trip (it is read on every bag call, so it is one prepared statement): the session's
 * metal, the bag row, its lines with today's prices, their engraving, and the promotion with this session's
 * uses. Priced with the store's current settings (engraving, assembly). Undefined when the session is unknown.
 */
export async function loadBag(db: Db, sessionId: string, settings: StoreSettings): Promise<LoadedBag | undefined> {
  return toLoadedBag(await queryRows(db, bagStatement(sessionId), { prepared: true }), settings);
}

/** The statement loadBag runs: joined by key from the session down, one row. */
const bagStatement = (sessionId: string) => sql`select json_build_object(
      'sessionMetalId', s.metal_id,
      'cart', case when c.id is not null then row_to_json(c) end,
      'promotion', case when pr.id is not null then json_build_object('id', pr.id, 'code', pr.code, 'description', pr.description,
        'kind', pr.kind, 'value', pr.value, 'minimumMerchandiseCents', pr.minimum_merchandise_cents, 'startsAt', pr.starts_at,
        'endsAt', pr.ends_at, 'maxUses', pr.max_uses, 'maxUsesPerSession', pr.max_uses_per_session, 'timesUsed', pr.times_used) end,
      'promotionUses', u.uses) as bag,
    (select json_agg(json_build_array(${lineValues}) order by i.created_at, i.id, sp.id)
       from cart_items i
       left join products p on p.id = i.product_id
       left join categories cat on cat.id = p.primary_category_id
       left join product_prices pp on pp.product_id = i.product_id and pp.metal_id = i.metal_id
       left join cart_item_specifics sp on sp.item_id = i.id
       left join photo_art_uploads ph on ph.cart_item_id = i.id
       where i.cart_id = c.id) as lines
  from user_sessions s
  left join lateral (select ${cartColumns} from carts where session_id = s.id) c on true
  left join promotions pr on pr.id = c."promotionId"
  left join lateral (select count(*)::int as uses from promotion_uses where promotion_id = c."promotionId" and session_id = s.id) u
    on c."promotionId" is not null
  where s.id = ${sessionId}`;

/** The bag statement's row as a priced bag; undefined when the session is unknown (no row). */
function toLoadedBag(rows: unknown[], settings: StoreSettings): LoadedBag | undefined {
  const row = rows[0] as BagStatementRow | undefined;
  if (!row) return undefined;
  const items: ItemRow[] = [];
  const specifics: SpecificRow[] = [];
  for (const values of row.lines ?? []) {
    const line: Record<string, unknown> = {};
    for (let index = 0; index < LINE_COLUMNS.length; index++) line[LINE_COLUMNS[index]![0]] = values[index];
    // A line's arrays are adjacent (ordered by line), one per engraving.
    const columns = line as unknown as LineColumns;
    const { itemId, specificId, specificText, specificFont } = columns;
    if (items.at(-1)?.itemId !== itemId) items.push(columns);
    if (specificId !== null) specifics.push({ id: specificId, itemId, text: specificText, font: specificFont });
  }
  const { sessionMetalId, cart, promotion, promotionUses } = row.bag;
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    sessionMetal: findMetalById(sessionMetalId)!,
    cart: cart ?? undefined,
    lines: priceLines(items, specifics, settings),
    promotion: promotion ? { ...promotion, startsAt: date(promotion.startsAt), endsAt: date(promotion.endsAt) } : undefined,
    promotionUsesBySession: promotionUses ?? 0,
  };
}

/** Prices the bag's lines: products at today's price in their metal, engraving per character, assembly. */
function priceLines(rows: ItemRow[], specifics: SpecificRow[], settings: StoreSettings): PricedBagLine[] {
  const byId = new Map(rows.map((row) => [row.itemId, row]));
  // Engraving lines are shown right after the line they engrave.
  const ordered = rows
    .filter((row) => row.kind !== 'additional_characters')
    .flatMap((row) => [row, ...rows.filter((child) => child.parentItemId === row.itemId)]);
  return ordered.map((row) => {
    const parent = row.parentItemId ? byId.get(row.parentItemId) : undefined;
    const own = specifics.filter((specific) => specific.itemId === row.itemId);
    const metal = findMetalById(row.metalId ?? parent?.metalId ?? -1);
    const engravingText = specifics.find((specific) => specific.itemId === row.parentItemId)?.text ?? '';
    const productKind = row.productKind;
    let unitCents: number;
    let description: string;
    if (row.kind === 'product') {
      unitCents = row.priceCents ?? 0;
      description = [metal?.name, row.braceletSize ? `${row.braceletSize} inch` : null].filter(Boolean).join(', ');
      const note = row.retired ? 'no longer available' : row.priceCents === null ? 'no longer available in this metal' : row.available === false ? 'currently unavailable in this metal' : null;
      if (note) description += ` (${note})`;
    } else if (row.kind === 'additional_characters') {
      unitCents = engravingCharge(engravingText, parent?.metalId ?? -1, settings.engraving);
      const characters = chargedCharacters(engravingText);
      description =
        unitCents === 0
          ? `Engraving, ${characters} characters: free on ${metal?.name ?? 'gold'}`
          : `Engraving, ${characters} characters × ${formatCents(settings.engraving.centsPerCharacter)}${row.quantity > 1 ? ` × ${row.quantity}` : ''}`;
    } else {
      unitCents = settings.assemblyFeeCents;
      description = 'Charm bracelet assembly (adds 1-3 business days)';
    }
    const item: BagItem = {
      itemUuid: row.itemId,
      quantity: row.quantity,
      isAdditionalCharacters: row.kind === 'additional_characters',
      isCharmAssembly: row.kind === 'charm_assembly',
      itemSpecifics: own.map((specific) => ({
        itemSpecificUuid: specific.id,
        name: 'engraving' as const,
        text: specific.text,
        font: specific.font,
        fontName: engravingFontName(specific.font),
      })),
      parentItemUuid: row.parentItemId,
      description,
      product:
        row.kind === 'product' && row.productId !== null && metal
          ? {
              id: row.productId,
              name: row.name,
              path: pathOf({ ...row, kind: productKind, id: row.productId, sizes: row.sizes ?? [] }, metal, row.braceletSize),
              imageUrl: row.photoKey ? mediaUrl(row.photoKey) : imageUrl({ ...row, kind: productKind }, metal.slug),
              kind: productKind,
              isPhotoArt: row.isPhotoArt,
            }
          : null,
      metal: row.kind === 'product' && metal ? { id: metal.id, slug: metal.slug, name: metal.name } : null,
      braceletSize: row.braceletSize,
      unitPrice: money(unitCents),
      lineTotal: money(lineTotal({ unitCents, quantity: row.quantity })),
      photo: row.photoUploadedAt ? { uploadedAt: new Date(row.photoUploadedAt).toISOString() } : null,
    };
    return {
      kind: row.kind,
      isBracelet: productKind === 'bracelet',
      unitCents,
      quantity: row.quantity,
      item,
      productId: row.productId,
      categoryId: row.primaryCategoryId,
      metalId: row.metalId,
      leadTimeDays: row.leadTimeMaxDays ?? 0,
      orderable: unorderableReason(row, metal?.name) === null,
      unorderableReason: unorderableReason(row, metal?.name),
    };
  });
}

/** Why a product line cannot be ordered now (retired, not offered, or sold out in its metal), or null. */
function unorderableReason(row: ItemRow, metalName = 'its metal'): string | null {
  if (row.kind !== 'product') return null;
  const name = row.name ?? 'An item';
  if (row.retired) return `${name} is no longer sold. Please remove it from your bag.`;
  if (row.priceCents === null) return `${name} is no longer available in ${metalName}. Please remove it from your bag.`;
  if (row.available === false) return `${name} is currently unavailable in ${metalName}. Please remove it from your bag, or choose another metal.`;
  return null;
}

/**
 * Whether the bag's promotion applies now, and its discount: the one check the bag and placing an order use
 * (dates, total and per-session limits, minimum merchandise). Undefined when the bag has no promotion.
 */
export function bagPromotionVerdict(bag: LoadedBag, now: Date): PromotionVerdict | undefined {
  if (!bag.promotion) return undefined;
  return evaluatePromotion(bag.promotion, { now, merchandiseCents: bagSubtotals(bag.lines).merchandiseCents, usesBySession: bag.promotionUsesBySession });
}

/** A promotion by its (normalized) code, with how often this session has used it on orders. */
export async function findPromotionByCode(db: Db, code: string, sessionId: string): Promise<{ promotion: PromotionRow | undefined; usesBySession: number }> {
  const [promotion] = await db.select().from(promotions).where(eq(promotions.code, code));
  if (!promotion) return { promotion, usesBySession: 0 };
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from promotion_uses where promotion_id = ${promotion.id} and session_id = ${sessionId}`,
  );
  return { promotion, usesBySession: row?.n ?? 0 };
}

/** A product in a GA4 cart event (add_to_cart, remove_from_cart, view_cart). */
export interface CartEventItem {
  productId: number | null;
  name: string;
  metalName: string;
  unitCents: number;
  quantity: number;
}

export const cartEventItem = (line: PricedBagLine): CartEventItem => ({
  productId: line.productId,
  name: line.item.product?.name ?? '',
  metalName: line.item.metal?.name ?? '',
  unitCents: line.unitCents,
  quantity: line.quantity,
});

/** A GA4 cart event: the products and their value. */
export function cartEvent(event: string, items: CartEventItem[]): DataLayerEvent {
  return {
    event,
    ecommerce: {
      currency: 'USD',
      value: items.reduce((total, item) => total + item.unitCents * item.quantity, 0) / 100,
      items: items.map((item) => ({
        item_id: String(item.productId),
        item_name: item.name,
        item_brand: 'Rembrandt',
        item_variant: item.metalName,
        price: item.unitCents / 100,
        quantity: item.quantity,
      })),
    },
  };
}

export interface BagView {
  cart: CartRecord | undefined;
  lines: PricedBagLine[];
  response: BagResponse;
}

/** The bag as the storefront shows it (totals, shipping, the promotion's state, suggestions, GA4 events). */
export function presentBag(
  bag: LoadedBag,
  options: { now: Date; settings: StoreSettings; suggestedItems: ProductSummary[]; events?: (view: Omit<BagView, 'response'>) => DataLayerEvent[] },
): BagView {
  const { cart, lines } = bag;
  let promoCode: BagResponse['tempOrder']['promoCode'] = null;
  let discountCents = 0;
  const verdict = bagPromotionVerdict(bag, options.now);
  if (bag.promotion && verdict) {
    discountCents = verdict.ok ? verdict.discountCents : 0;
    promoCode = { code: bag.promotion.code, description: bag.promotion.description, applied: verdict.ok, message: verdict.ok ? null : verdict.message };
  }

  const state = cart?.shipToStateProvince ? findStateProvince(cart.shipToStateProvince) : undefined;
  const shippingTypeId = (cart?.shippingTypeId ?? DEFAULT_SHIPPING_TYPE) as ShippingTypeId;
  const timing = bagTiming(lines);
  const shipTiming = { leadTimeDays: timing.leadTimeDays, assemblyDays: timing.hasAssembly ? ASSEMBLY_DAYS : 0 };
  const shipping = shippingSettingsOf(options.settings);
  const offered = state ? shippingOptions(state, options.now, timing, shipping).some((option) => option.id === shippingTypeId) : true;
  const effectiveShipping: ShippingTypeId = offered ? shippingTypeId : DEFAULT_SHIPPING_TYPE;
  const shippingCents = lines.length === 0 ? 0 : shipping.prices[effectiveShipping];
  const totals = bagTotals(lines, discountCents, shippingCents);

  const response: BagResponse = {
    stateProvinces: STATE_PROVINCE_CHOICES,
    suggestAddOnAssembly: shouldSuggestAssembly(lines),
    suggestedItems: options.suggestedItems,
    tempOrder: {
      tempOrderItems: lines.map((line) => line.item),
      itemCount: countBagItems(lines.map((line) => line.item)),
      promoCode,
      shipToStateProvince: state?.code ?? null,
      shippingTypeId: effectiveShipping,
      orderComments: cart?.orderComments ?? null,
      email: cart?.email ?? null,
      totals: {
        merchandise: money(totals.merchandiseCents),
        engraving: money(totals.engravingCents),
        assembly: money(totals.assemblyCents),
        discount: money(totals.discountCents),
        shipping: money(totals.shippingCents),
        total: money(totals.totalCents),
      },
      estimatedShipDate: lines.length === 0 ? null : estimateShipDate(options.now, shipping.calendar, shipTiming),
      sameDayCutoffMinutes: minutesUntilCutoff(options.now, shipping.calendar, shipTiming),
    },
    dataLayers: options.events?.({ cart, lines }) ?? [],
  };
  return { cart, lines, response };
}

const STATE_PROVINCE_CHOICES = STATE_PROVINCES.map(({ code, name }) => ({ code, name }));

/** What the bag adds to shipping times: the longest lead time of its products, and assembly. */
export function bagTiming(lines: PricedBagLine[]): { leadTimeDays: number; hasAssembly: boolean } {
  return { leadTimeDays: Math.max(0, ...lines.map((line) => line.leadTimeDays)), hasAssembly: lines.some((line) => line.kind === 'charm_assembly') };
}
