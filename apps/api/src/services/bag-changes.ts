import type { AddItemBody, SaveBagBody } from '@charms/contracts/bag';
import type { FieldError } from '@charms/contracts/errors';
import { type BagLineKind, MAX_BAG_LINES, MAX_LINE_QUANTITY, assemblyHasBracelet, bagSubtotals } from '@charms/domain/bag';
import { engravingProblem } from '@charms/domain/engraving';
import { findMetalById } from '@charms/domain/metals';
import { countBagItems } from '@charms/domain/storefront-bag-count';
import { type PromotionVerdict, evaluatePromotion, normalizeCode } from '@charms/domain/promotions';
import { type ShippingTypeId, findStateProvince, offersShippingType } from '@charms/domain/shipping';
import type { StoreSettings } from '@charms/domain/store-settings';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { isForeignKeyViolation } from '../db/unavailable';
import type { ResponseCache } from '../plugins/response-cache';
import { cartItemSpecifics, cartItems, carts, userSessions } from '../db/schema';
import { HttpError, invalidFields, notFound } from '../http-error';
import { type CartRecord, cartColumns, findPromotionByCode, loadBag, loadCart } from './bag-read';
import { pickSize } from './catalog-presenters';

/**
 * Every change to a bag runs in one transaction holding the bag's row lock, so changes from two tabs at once
 * queue up instead of overwriting each other; a rejected change leaves the bag as it was.
 */
type Tx = Db;

/** Another line of the bag, as the add's count needs it. */
interface OtherLine {
  kind: BagLineKind;
  quantity: number;
}

export const unknownSession = () => notFound('We could not find your shopping session. Reload the page to start a new one.');
const unknownLine = () => notFound('That item is not in your bag (it may have been removed in another window).');

export async function assertSession(db: Db, sessionId: string): Promise<{ metalId: number }> {
  const [session] = await db.select({ metalId: userSessions.metalId }).from(userSessions).where(eq(userSessions.id, sessionId));
  if (!session) throw unknownSession();
  return session;
}

/**
 * Creates the session's bag on first use, or locks it (ON CONFLICT DO UPDATE takes the row lock), and returns
 * it; nothing for an unknown session. In one statement so a change costs one round trip more than its own work.
 */
const upsertCart = (sessionId: string) => sql`insert into carts (id, session_id)
  select ${randomUUID()}, s.id from user_sessions s where s.id = ${sessionId}
  on conflict (session_id) do update set updated_at = now()`;

/** A bag written for a session removed at that moment (sessions unused for long, user-sessions.ts): an unknown session. */
function sessionRemoved(error: unknown): never {
  throw isForeignKeyViolation(error, 'carts_session_id_user_sessions_id_fk') ? unknownSession() : error;
}

const orderInProgress = () => new HttpError(409, 'ORDER_IN_PROGRESS', 'Your order is being placed right now; your bag can change again once it is done.');

/** Runs a change on the shopper's bag (created on first use) with the bag locked. */
export async function changeBag<T>(db: Db, sessionId: string, change: (tx: Tx, cart: CartRecord) => Promise<T>): Promise<T> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const [cart] = await queryRows<CartRecord>(
      tx,
      sql`${upsertCart(sessionId)} returning ${cartColumns}`,
      { prepared: true },
    ).catch(sessionRemoved);
    if (!cart) throw unknownSession();
    // The bag being paid for must stay what the order says until the payment is settled.
    if (cart.checkoutOrderId) throw orderInProgress();
    return change(tx, cart);
  });
}

interface ProductFacts {
  id: number;
  name: string;
  kind: 'charm' | 'bracelet';
  sizes: number[];
  engravingMaxChars: number | null;
  engravingFonts: string[];
  priceCents: number | null;
  isPhotoArt: boolean;
  retired: boolean;
  available: boolean | null;
}

/** What adding a product checks the request against: the product and its price in the metal asked for. */
async function productFacts(db: Db, productId: number, metalId: number): Promise<ProductFacts | null> {
  const [row] = await queryRows<ProductFacts>(
    db,
    sql`select p.id, p.name, p.kind, p.sizes, p.engraving_max_chars as "engravingMaxChars", p.engraving_fonts as "engravingFonts",
               pp.price_cents as "priceCents", p.is_photo_art as "isPhotoArt", p.retired_at is not null as retired, pp.available
        from products p left join product_prices pp on pp.product_id = p.id and pp.metal_id = ${metalId}
        where p.id = ${productId}`,
    { prepared: true },
  );
  return row ? { ...row, sizes: row.sizes ?? [], engravingFonts: row.engravingFonts ?? [] } : null;
}

/** The request's problems against the product's facts (none: the line may be added), and the line's size. */
function checkAdd(product: ProductFacts | null, body: AddItemBody): { problems: FieldError[]; braceletSize: number | null } {
  if (!product) return { problems: [{ field: 'productId', message: 'is not a product in our catalog' }], braceletSize: null };
  if (product.retired) return { problems: [{ field: 'productId', message: `${product.name} is no longer available` }], braceletSize: null };
  const problems: FieldError[] = [];
  if (product.priceCents === null) {
    problems.push({ field: 'metalId', message: `${product.name} is not made in ${findMetalById(body.metalId)!.name}` });
  } else if (product.available === false) {
    problems.push({ field: 'metalId', message: `${product.name} is currently unavailable in ${findMetalById(body.metalId)!.name}` });
  }
  if (product.kind === 'charm' && body.braceletSize !== undefined) {
    problems.push({ field: 'braceletSize', message: 'applies to bracelets only; charms have no size' });
  }
  if (product.kind === 'bracelet' && body.braceletSize !== undefined && !product.sizes.includes(body.braceletSize)) {
    problems.push({ field: 'braceletSize', message: `is not a length this bracelet comes in (${product.sizes.join(', ')} inches)` });
  }
  if (body.engraving) {
    const rules = product.engravingMaxChars === null ? null : { maxCharacters: product.engravingMaxChars, fonts: product.engravingFonts };
    const problem = engravingProblem(body.engraving.text, body.engraving.font, rules);
    if (problem) problems.push({ field: `engraving.${problem.field}`, message: problem.message });
  }
  return { problems, braceletSize: product.kind === 'bracelet' ? pickSize(product.sizes, body.braceletSize) : null };
}

/** What an add did: the line the product went into, and the bag's item count right after. */
export interface AddedLine {
  itemId: string;
  /** The line's quantity now (grown when the same unengraved product was already in the bag). */
  quantity: number;
  productName: string;
  /** The product's price in the metal, per unit, as the add found it (with its name). */
  unitCents: number;
  itemCount: number;
}

/**
 * Adds a product (with its engraving) to the bag, in one statement, and says what it did.
 *
 * The request is checked against the product's facts from the catalog cache (dropped on any catalog change), and
 * the insert itself requires the product to be offered in the metal, so a fact cached a moment too long can
 * never put an unavailable line in a bag. Any refusal is confirmed against the database first.
 */
export async function addItem(db: Db, cache: ResponseCache, sessionId: string, body: AddItemBody): Promise<AddedLine> {
  let product = await cache.value(`product-facts:${body.productId}:${body.metalId}`, () => productFacts(db, body.productId, body.metalId));
  let { problems, braceletSize } = checkAdd(product, body);
  if (problems.length > 0) {
    product = await productFacts(db, body.productId, body.metalId);
    ({ problems, braceletSize } = checkAdd(product, body));
    if (problems.length > 0) throw invalidFields(problems);
  }

  // Create or lock the bag, then add the line. An unengraved line has a merge key (product, metal, size), so
  // adding the same again grows that line; the unique index makes two tabs adding at once queue up on the line
  // instead of both starting one. The bag's other lines are read from the statement's snapshot, taken before it
  // waited for the bag's lock: the count is the bag as this add found it, plus this line as it is now.
  // Lines are shown in the order they were added: by the clock of their statement, not their transaction's start
  // (now()), so lines added in one transaction (a phone order's) keep their order too.
  const itemId = randomUUID();
  // A PhotoArt line carries one photo: the same charm added again is another line, for another photo.
  const mergeKey = body.engraving || product?.isPhotoArt ? null : `${body.productId}:${body.metalId}:${braceletSize ?? ''}`;
  const engraving = body.engraving ? { text: body.engraving.text.trim(), font: body.engraving.font } : null;
  const [added] = await queryRows<{ id: string; quantity: number; name: string; priceCents: number; otherLines: OtherLine[] }>(
    db,
    sql`with cart as (${upsertCart(sessionId)} returning id, checkout_order_id),
        line as (
          insert into cart_items (id, cart_id, kind, product_id, metal_id, bracelet_size, quantity, merge_key, created_at)
          select ${itemId}, cart.id, 'product', ${body.productId}, ${body.metalId}, ${braceletSize}, ${body.quantity}, ${mergeKey}::text, clock_timestamp()
          from cart
          where cart.checkout_order_id is null
            and exists (select 1 from product_prices pp join products p on p.id = pp.product_id
                        where pp.product_id = ${body.productId} and pp.metal_id = ${body.metalId} and pp.available and p.retired_at is null)
            and ((select count(*) from cart_items bagged where bagged.cart_id = cart.id and bagged.kind = 'product') < ${MAX_BAG_LINES}
                 or exists (select 1 from cart_items same where same.cart_id = cart.id and same.merge_key = ${mergeKey}::text))
          on conflict (cart_id, merge_key) do update set quantity = cart_items.quantity + excluded.quantity
            where cart_items.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY}
          returning id, quantity
        ),
        specific as (
          insert into cart_item_specifics (id, item_id, name, text, font)
          select ${randomUUID()}, line.id, 'engraving', ${engraving?.text ?? null}::text, ${engraving?.font ?? null}::text
          from line where ${engraving !== null}
        ),
        characters as (
          insert into cart_items (id, cart_id, kind, parent_item_id, quantity, created_at)
          select ${randomUUID()}, cart.id, 'additional_characters', line.id, ${body.quantity}, clock_timestamp() from line, cart where ${engraving !== null}
        )
        select line.id, line.quantity, p.name, pp.price_cents as "priceCents",
          coalesce((select json_agg(json_build_object('kind', other.kind, 'quantity', other.quantity)) from cart_items other
                    where other.cart_id = (select id from cart) and other.id <> line.id), '[]') as "otherLines"
        from line
        join products p on p.id = ${body.productId}
        join product_prices pp on pp.product_id = ${body.productId} and pp.metal_id = ${body.metalId}`,
    { prepared: true },
  ).catch(sessionRemoved);
  if (added) {
    const lines = [...added.otherLines, { kind: 'product' as const, quantity: added.quantity }];
    const itemCount = countBagItems(lines.map((line) => ({ quantity: line.quantity, isAdditionalCharacters: line.kind === 'additional_characters', isCharmAssembly: line.kind === 'charm_assembly' })));
    return { itemId: added.id, quantity: added.quantity, productName: added.name, unitCents: added.priceCents, itemCount };
  }

  // Nothing was added: say why.
  const cart = await loadCart(db, sessionId);
  if (!cart) throw unknownSession();
  if (cart.checkoutOrderId) throw orderInProgress();
  const fresh = checkAdd(await productFacts(db, body.productId, body.metalId), body);
  if (fresh.problems.length > 0) throw invalidFields(fresh.problems);
  const [same] = mergeKey === null ? [] : await queryRows<{ quantity: number }>(db, sql`select quantity from cart_items where cart_id = ${cart.id} and merge_key = ${mergeKey}`);
  const [{ lines }] = (await queryRows<{ lines: number }>(db, sql`select count(*)::int as lines from cart_items where cart_id = ${cart.id} and kind = 'product'`)) as [{ lines: number }];
  if (!same && lines >= MAX_BAG_LINES) {
    throw new HttpError(400, 'BAG_FULL', `Your bag holds ${MAX_BAG_LINES} different items, the most one bag can. Place this order first, or take an item out to make room.`);
  }
  const quantity = (same?.quantity ?? 0) + body.quantity;
  if (quantity > MAX_LINE_QUANTITY) {
    throw invalidFields([{ field: 'quantity', message: `would make ${quantity}; the bag holds at most ${MAX_LINE_QUANTITY} of one item (you have ${same?.quantity ?? 0})` }]);
  }
  // The catalog changed under the add (the metal was withdrawn and offered again): nothing was added.
  throw new HttpError(409, 'CATALOG_CHANGED', 'This item changed while you were adding it. Please try again.');
}

/** Adds the charm assembly line once; a second call changes nothing. */
export async function addAssembly(db: Db, sessionId: string, settings: StoreSettings): Promise<void> {
  await changeBag(db, sessionId, async (tx, cart) => {
    const { lines } = (await loadBag(tx, sessionId, settings))!;
    if (lines.some((line) => line.kind === 'charm_assembly')) return;
    if (!lines.some((line) => line.kind === 'product' && line.isBracelet)) {
      throw new HttpError(400, 'ASSEMBLY_NEEDS_BRACELET', 'Add a charm bracelet to your bag first: assembly puts your charms on it.');
    }
    await tx.insert(cartItems).values({ id: randomUUID(), cartId: cart.id, kind: 'charm_assembly', quantity: 1, createdAt: sql`clock_timestamp()` });
  });
}

async function lineOf(tx: Tx, cartId: string, itemId: string) {
  const [line] = await tx.select().from(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
  if (!line) throw unknownLine();
  return line;
}

export async function setQuantity(db: Db, sessionId: string, itemId: string, quantity: number): Promise<void> {
  await changeBag(db, sessionId, async (tx, cart) => {
    const line = await lineOf(tx, cart.id, itemId);
    if (line.kind !== 'product') {
      throw new HttpError(400, 'NOT_A_PRODUCT_LINE', 'Change the quantity of the item itself; its engraving and assembly follow it.');
    }
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
    await tx.update(cartItems).set({ quantity }).where(and(eq(cartItems.parentItemId, line.id), eq(cartItems.kind, 'additional_characters')));
  });
}

/** Removes a line; removing an engraving charge line removes the engraving from its item. */
export async function removeItem(db: Db, sessionId: string, itemId: string, settings: StoreSettings): Promise<void> {
  await changeBag(db, sessionId, async (tx, cart) => {
    const line = await lineOf(tx, cart.id, itemId);
    if (line.kind === 'additional_characters' && line.parentItemId) {
      await tx.delete(cartItemSpecifics).where(eq(cartItemSpecifics.itemId, line.parentItemId));
    }
    // Engraving lines and specifics of a removed item go with it (foreign keys cascade).
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    if (line.kind !== 'product') return;
    // Without a bracelet, assembly has nothing to put the charms on: it goes too, and is not charged.
    const { lines } = (await loadBag(tx, sessionId, settings))!;
    if (lines.some((other) => other.kind === 'charm_assembly') && !assemblyHasBracelet(lines)) {
      await tx.delete(cartItems).where(and(eq(cartItems.cartId, cart.id), eq(cartItems.kind, 'charm_assembly')));
    }
  });
}

/** Removes an engraving from a line, and its charge. */
export async function removeItemSpecific(db: Db, sessionId: string, itemId: string, specificId: string): Promise<void> {
  await changeBag(db, sessionId, async (tx, cart) => {
    const line = await lineOf(tx, cart.id, itemId);
    const deleted = await tx
      .delete(cartItemSpecifics)
      .where(and(eq(cartItemSpecifics.id, specificId), eq(cartItemSpecifics.itemId, line.id)))
      .returning({ id: cartItemSpecifics.id });
    if (deleted.length === 0) throw notFound('That engraving is not on this item.');
    await tx.delete(cartItems).where(and(eq(cartItems.parentItemId, line.id), eq(cartItems.kind, 'additional_characters')));
  });
}

export async function emptyBag(db: Db, sessionId: string): Promise<void> {
  await changeBag(db, sessionId, async (tx, cart) => {
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    await tx.update(carts).set({ promotionId: null }).where(eq(carts.id, cart.id));
  });
}

/**
 * Applies a promo code (replacing any other). Returns the verdict; only a valid code is kept. The caller
 * counts failures for the rate limit.
 */
export async function applyPromoCode(db: Db, sessionId: string, code: string, now: Date, settings: StoreSettings): Promise<PromotionVerdict & { code: string }> {
  const normalized = normalizeCode(code);
  return changeBag(db, sessionId, async (tx, cart) => {
    const { promotion, usesBySession } = await findPromotionByCode(tx, normalized, sessionId);
    const { merchandiseCents } = bagSubtotals((await loadBag(tx, sessionId, settings))!.lines);
    const verdict = evaluatePromotion(promotion, { now, merchandiseCents, usesBySession });
    if (verdict.ok) await tx.update(carts).set({ promotionId: promotion!.id }).where(eq(carts.id, cart.id));
    return { ...verdict, code: normalized };
  });
}

/** A promo code that was not applied, as the bag answers it: 400, with the promotion's reason. */
export function promoCodeRefusal(verdict: Extract<PromotionVerdict, { ok: false }>): HttpError {
  const code = verdict.reason === 'minimum' ? 'PROMO_CODE_MINIMUM' : verdict.reason === 'used-up' ? 'PROMO_CODE_USED_UP' : 'PROMO_CODE_INVALID';
  return new HttpError(400, code, verdict.message, verdict.shortByCents === undefined ? undefined : { shortByCents: verdict.shortByCents });
}

/** Keeps checkout details with the bag: ship-to state, shipping type, comments, email. */
export async function saveBag(db: Db, sessionId: string, body: SaveBagBody, now: Date): Promise<void> {
  const state = body.shipToStateProvince ? findStateProvince(body.shipToStateProvince) : undefined;
  if (body.shipToStateProvince && !state) {
    throw invalidFields([{ field: 'shipToStateProvince', message: 'is not a US state, DC, territory or military code (for Canada choose AK)' }]);
  }
  await changeBag(db, sessionId, async (tx, cart) => {
    const stateCode = body.shipToStateProvince === undefined ? cart.shipToStateProvince : (state?.code ?? null);
    const shippingTypeId = body.shippingTypeId ?? cart.shippingTypeId;
    const effectiveState = stateCode ? findStateProvince(stateCode) : undefined;
    if (effectiveState && shippingTypeId && !offersShippingType(effectiveState, shippingTypeId as ShippingTypeId)) {
      throw invalidFields([{ field: 'shippingTypeId', message: `is not offered to ${effectiveState.name}` }]);
    }
    await tx
      .update(carts)
      .set({
        shipToStateProvince: stateCode,
        shippingTypeId,
        ...(body.orderComments === undefined ? {} : { orderComments: body.orderComments?.trim() || null }),
        ...(body.email === undefined ? {} : { email: body.email }),
      })
      .where(eq(carts.id, cart.id));
  });
}
