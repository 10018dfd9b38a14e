import type { BagItem, BagResponse } from '@charms/contracts/bag';
import type { DataLayerEvent } from '@charms/contracts/envelope';
import { ASSEMBLY_FEE_CENTS, type PricedLine, bagSubtotals, bagTotals, lineTotal, shouldSuggestAssembly } from '@charms/domain/bag';
import { ENGRAVING_FONTS, chargedCharacters, engravingCharge } from '@charms/domain/engraving';
import { type Metal, findMetalById } from '@charms/domain/metals';
import { type PromotionVerdict, evaluatePromotion } from '@charms/domain/promotions';
import { estimateShipDate, minutesUntilCutoff } from '@charms/domain/ship-dates';
import { DEFAULT_SHIPPING_TYPE, SHIPPING_TYPES, STATE_PROVINCES, type ShippingTypeId, findStateProvince, shippingOptions } from '@charms/domain/shipping';
import { countBagItems } from '@charms/domain/storefront-bag-count';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { type PromotionRow, promotions } from '../db/schema';
import { type SummaryRow, imageUrl, money, pathOf, toSummary } from './catalog-presenters';

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
  kind: 'product' | 'additional_characters' | 'charm_assembly';
  parentItemId: string | null;
  productId: number | null;
  metalId: number | null;
  braceletSize: number | null;
  quantity: number;
  priceCents: number | null;
  leadTimeMaxDays: number | null;
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
  leadTimeDays: number;
  /** False when the product is no longer offered in its metal: checkout refuses it. */
  orderable: boolean;
}

const fontName = (id: string) => ENGRAVING_FONTS.find((font) => font.id === id)?.name ?? id;

/** The shopper's bag row; `lock` takes its row lock (inside a transaction) so changes to it queue up. */
export async function loadCart(db: Db, sessionId: string, options: { lock?: boolean } = {}): Promise<CartRecord | undefined> {
  const [cart] = await queryRows<CartRecord>(
    db,
    sql`select id, session_id as "sessionId", promotion_id as "promotionId", ship_to_state_province as "shipToStateProvince",
               shipping_type_id as "shippingTypeId", order_comments as "orderComments", email, checkout_order_id as "checkoutOrderId"
        from carts where session_id = ${sessionId} ${options.lock ? sql`for update` : sql``}`,
  );
  return cart;
}

/** The bag's lines, priced: products at today's price in their metal, engraving per character, assembly. */
export async function pricedLines(db: Db, cartId: string): Promise<PricedBagLine[]> {
  const [rows, specifics] = await Promise.all([
    queryRows<ItemRow>(
      db,
      sql`select i.id as "itemId", i.kind, i.parent_item_id as "parentItemId", i.product_id as "productId", i.metal_id as "metalId",
                 i.bracelet_size as "braceletSize", i.quantity, p.name, p.slug, p.kind as "productKind", p.brand, p.shape, p.sizes,
                 p.is_photo_art as "isPhotoArt", p.engraving_max_chars as "engravingMaxChars", p.lead_time_max_days as "leadTimeMaxDays",
                 c.url_friendly_name as "primaryCategorySlug", pp.price_cents as "priceCents"
          from cart_items i
          left join products p on p.id = i.product_id
          left join categories c on c.id = p.primary_category_id
          left join product_prices pp on pp.product_id = i.product_id and pp.metal_id = i.metal_id
          where i.cart_id = ${cartId}
          order by i.created_at, i.id`,
    ),
    queryRows<SpecificRow>(
      db,
      sql`select s.id, s.item_id as "itemId", s.text, s.font from cart_item_specifics s
          join cart_items i on i.id = s.item_id where i.cart_id = ${cartId}`,
    ),
  ]);
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
      if (row.priceCents === null) description += ' (no longer available in this metal)';
    } else if (row.kind === 'additional_characters') {
      unitCents = engravingCharge(engravingText, parent?.metalId ?? -1);
      const characters = chargedCharacters(engravingText);
      description =
        unitCents === 0
          ? `Engraving, ${characters} characters: free on ${metal?.name ?? 'gold'}`
          : `Engraving, ${characters} characters × $0.75`;
    } else {
      unitCents = ASSEMBLY_FEE_CENTS;
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
        fontName: fontName(specific.font),
      })),
      parentItemUuid: row.parentItemId,
      description,
      product:
        row.kind === 'product' && row.productId !== null && metal
          ? {
              id: row.productId,
              name: row.name,
              path: pathOf({ ...row, kind: productKind, id: row.productId, sizes: row.sizes ?? [] }, metal, row.braceletSize),
              imageUrl: imageUrl(row.shape, metal.slug),
              kind: productKind,
              isPhotoArt: row.isPhotoArt,
            }
          : null,
      metal: row.kind === 'product' && metal ? { id: metal.id, slug: metal.slug, name: metal.name } : null,
      braceletSize: row.braceletSize,
      unitPrice: money(unitCents),
      lineTotal: money(lineTotal({ unitCents, quantity: row.quantity })),
    };
    return {
      kind: row.kind,
      isBracelet: productKind === 'bracelet',
      unitCents,
      quantity: row.quantity,
      item,
      productId: row.productId,
      metalId: row.metalId,
      leadTimeDays: row.leadTimeMaxDays ?? 0,
      orderable: row.kind !== 'product' || row.priceCents !== null,
    };
  });
}

/**
 * Whether a promotion applies to a bag now, and its discount: the one check the bag, applying a code and placing
 * an order all use (dates, total and per-session limits, minimum merchandise).
 */
export async function checkPromotion(
  db: Db,
  promotion: PromotionRow | undefined,
  bag: { sessionId: string; merchandiseCents: number; now: Date },
): Promise<PromotionVerdict> {
  const [row] = promotion
    ? await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from promotion_uses where promotion_id = ${promotion.id} and session_id = ${bag.sessionId}`,
      )
    : [];
  return evaluatePromotion(promotion, { now: bag.now, merchandiseCents: bag.merchandiseCents, usesBySession: Number(row?.n ?? 0) });
}

export async function findPromotion(db: Db, id: number): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  return row;
}

export function ga4BagItem(line: PricedBagLine) {
  return {
    item_id: String(line.productId),
    item_name: line.item.product?.name ?? '',
    item_brand: 'Rembrandt',
    item_variant: line.item.metal?.name ?? '',
    price: line.unitCents / 100,
    quantity: line.quantity,
  };
}

export interface BagView {
  cart: CartRecord | undefined;
  lines: PricedBagLine[];
  response: BagResponse;
}

/** The whole bag as the storefront shows it (and as checkout prices it). */
export async function readBag(
  db: Db,
  sessionId: string,
  options: { now: Date; includeSuggested: boolean; sessionMetal: Metal; events?: (view: Omit<BagView, 'response'>) => DataLayerEvent[] },
): Promise<BagView> {
  const cart = await loadCart(db, sessionId);
  const lines = cart ? await pricedLines(db, cart.id) : [];
  const { merchandiseCents } = bagSubtotals(lines);

  let promoCode: BagResponse['tempOrder']['promoCode'] = null;
  let discountCents = 0;
  const promotion = cart?.promotionId ? await findPromotion(db, cart.promotionId) : undefined;
  if (cart && promotion) {
    const verdict = await checkPromotion(db, promotion, { sessionId, merchandiseCents, now: options.now });
    discountCents = verdict.ok ? verdict.discountCents : 0;
    promoCode = { code: promotion.code, description: promotion.description, applied: verdict.ok, message: verdict.ok ? null : verdict.message };
  }

  const state = cart?.shipToStateProvince ? findStateProvince(cart.shipToStateProvince) : undefined;
  const shippingTypeId = (cart?.shippingTypeId ?? DEFAULT_SHIPPING_TYPE) as ShippingTypeId;
  const timing = { leadTimeDays: Math.max(0, ...lines.map((line) => line.leadTimeDays)), hasAssembly: lines.some((line) => line.kind === 'charm_assembly') };
  const offered = state ? shippingOptions(state, options.now, timing).some((option) => option.id === shippingTypeId) : true;
  const effectiveShipping: ShippingTypeId = offered ? shippingTypeId : DEFAULT_SHIPPING_TYPE;
  const shippingCents = lines.length === 0 ? 0 : (SHIPPING_TYPES.find((type) => type.id === effectiveShipping)?.priceCents ?? 0);
  const totals = bagTotals(lines, discountCents, shippingCents);
  const suggestedItems = options.includeSuggested ? await suggestItems(db, cart?.id, options.sessionMetal, lines) : [];

  const response: BagResponse = {
    stateProvinces: STATE_PROVINCES.map(({ code, name }) => ({ code, name })),
    suggestAddOnAssembly: shouldSuggestAssembly(lines),
    suggestedItems,
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
      estimatedShipDate: lines.length === 0 ? null : estimateShipDate(options.now, { leadTimeDays: timing.leadTimeDays, assemblyDays: timing.hasAssembly ? 3 : 0 }),
      sameDayCutoffMinutes: minutesUntilCutoff(options.now),
    },
    dataLayers: options.events?.({ cart, lines }) ?? [],
  };
  return { cart, lines, response };
}

/** A few products that fit the bag: a bracelet for charms without one, charms from the bag's categories. */
async function suggestItems(db: Db, cartId: string | undefined, metal: Metal, lines: PricedBagLine[]) {
  const products = lines.filter((line) => line.kind === 'product');
  const needsBracelet = products.length > 0 && !products.some((line) => line.isBracelet);
  const inBag = sql`(select product_id from cart_items where cart_id = ${cartId ?? null} and product_id is not null)`;
  const columns = sql`p.id, p.name, p.slug, p.kind, p.brand, p.shape, p.sizes, p.is_photo_art as "isPhotoArt",
    p.engraving_max_chars as "engravingMaxChars", c.url_friendly_name as "primaryCategorySlug", pp.price_cents as "priceCents"`;
  const from = sql`from products p join categories c on c.id = p.primary_category_id
    join product_prices pp on pp.product_id = p.id and pp.metal_id = ${metal.id}`;
  const bracelet = needsBracelet
    ? await queryRows<SummaryRow>(db, sql`select ${columns} ${from} where p.kind = 'bracelet' and p.collections = '{}' order by p.units_sold desc, p.id limit 1`)
    : [];
  const charms = await queryRows<SummaryRow>(
    db,
    products.length > 0
      ? sql`select ${columns} ${from}
            where p.kind = 'charm' and p.id not in ${inBag}
              and p.primary_category_id in (select primary_category_id from products where id in ${inBag})
            order by p.units_sold desc, p.id limit ${4 - bracelet.length}`
      : sql`select ${columns} ${from} where p.kind = 'charm' order by p.units_sold desc, p.id limit 4`,
  );
  return [...bracelet, ...charms].map((row) => toSummary({ ...row, sizes: row.sizes ?? [] }, metal));
}
