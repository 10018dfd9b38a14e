import type { AddItemBody, SaveBagBody } from '@charms/contracts/bag';
import type { FieldError } from '@charms/contracts/errors';
import { MAX_LINE_QUANTITY, bagSubtotals } from '@charms/domain/bag';
import { engravingProblem } from '@charms/domain/engraving';
import { findMetalById } from '@charms/domain/metals';
import { type PromotionVerdict, normalizeCode } from '@charms/domain/promotions';
import { findStateProvince, shippingOptions } from '@charms/domain/shipping';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { cartItemSpecifics, cartItems, carts, promotions, userSessions } from '../db/schema';
import { HttpError, invalidFields, notFound } from '../http-error';
import { type CartRecord, checkPromotion, loadCart, pricedLines } from './bag-read';
import { pickSize } from './catalog-presenters';

/**
 * Every change to a bag runs in one transaction holding the bag's row lock, so changes from two tabs at once
 * queue up instead of overwriting each other; a rejected change leaves the bag as it was.
 */
type Tx = Db;

const unknownSession = () => notFound('We could not find your shopping session. Reload the page to start a new one.');
const unknownLine = () => notFound('That item is not in your bag (it may have been removed in another window).');

export async function assertSession(db: Db, sessionId: string): Promise<{ metalId: number }> {
  const [session] = await db.select({ metalId: userSessions.metalId }).from(userSessions).where(eq(userSessions.id, sessionId));
  if (!session) throw unknownSession();
  return session;
}

/** Runs a change on the shopper's bag (created on first use) with the bag locked. */
export async function changeBag<T>(db: Db, sessionId: string, change: (tx: Tx, cart: CartRecord) => Promise<T>): Promise<T> {
  await assertSession(db, sessionId);
  return db.transaction(async (tx) => {
    await tx.insert(carts).values({ id: randomUUID(), sessionId }).onConflictDoNothing({ target: carts.sessionId });
    const cart = await loadCart(tx as unknown as Db, sessionId, { lock: true });
    // The bag being paid for must stay what the order says until the payment is settled.
    if (cart!.checkoutOrderId) {
      throw new HttpError(409, 'ORDER_IN_PROGRESS', 'Your order is being placed right now; your bag can change again once it is done.');
    }
    const result = await change(tx as unknown as Tx, cart!);
    await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cart!.id));
    return result;
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
}

async function productFacts(db: Db, productId: number, metalId: number): Promise<ProductFacts | undefined> {
  const [row] = await queryRows<ProductFacts>(
    db,
    sql`select p.id, p.name, p.kind, p.sizes, p.engraving_max_chars as "engravingMaxChars", p.engraving_fonts as "engravingFonts",
               pp.price_cents as "priceCents"
        from products p left join product_prices pp on pp.product_id = p.id and pp.metal_id = ${metalId}
        where p.id = ${productId}`,
  );
  return row ? { ...row, sizes: row.sizes ?? [], engravingFonts: row.engravingFonts ?? [] } : undefined;
}

/** Adds a product (with its engraving) to the bag; returns the new or grown line's id. */
export async function addItem(db: Db, sessionId: string, body: AddItemBody): Promise<string> {
  const product = await productFacts(db, body.productId, body.metalId);
  if (!product) throw invalidFields([{ field: 'productId', message: 'is not a product in our catalog' }]);
  const problems: FieldError[] = [];
  if (product.priceCents === null) {
    problems.push({ field: 'metalId', message: `${product.name} is not made in ${findMetalById(body.metalId)!.name}` });
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
  if (problems.length > 0) throw invalidFields(problems);
  const braceletSize = product.kind === 'bracelet' ? pickSize(product.sizes, body.braceletSize) : null;

  return changeBag(db, sessionId, async (tx, cart) => {
    if (!body.engraving) {
      const [same] = await queryRows<{ id: string; quantity: number }>(
        tx,
        sql`select i.id, i.quantity from cart_items i
            where i.cart_id = ${cart.id} and i.kind = 'product' and i.product_id = ${product.id} and i.metal_id = ${body.metalId}
              and i.bracelet_size is not distinct from ${braceletSize}
              and not exists (select 1 from cart_item_specifics s where s.item_id = i.id)
            limit 1`,
      );
      if (same) {
        const quantity = same.quantity + body.quantity;
        if (quantity > MAX_LINE_QUANTITY) {
          throw invalidFields([{ field: 'quantity', message: `would make ${quantity}; the bag holds at most ${MAX_LINE_QUANTITY} of one item (you have ${same.quantity})` }]);
        }
        await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, same.id));
        return same.id;
      }
    }
    const itemId = randomUUID();
    await tx.insert(cartItems).values({ id: itemId, cartId: cart.id, kind: 'product', productId: product.id, metalId: body.metalId, braceletSize, quantity: body.quantity });
    if (body.engraving) {
      await tx.insert(cartItemSpecifics).values({ id: randomUUID(), itemId, name: 'engraving', text: body.engraving.text.trim(), font: body.engraving.font });
      await tx.insert(cartItems).values({ id: randomUUID(), cartId: cart.id, kind: 'additional_characters', parentItemId: itemId, quantity: body.quantity });
    }
    return itemId;
  });
}

/** Adds the charm assembly line once; a second call changes nothing. */
export async function addAssembly(db: Db, sessionId: string): Promise<void> {
  await changeBag(db, sessionId, async (tx, cart) => {
    const lines = await pricedLines(tx, cart.id);
    if (lines.some((line) => line.kind === 'charm_assembly')) return;
    if (!lines.some((line) => line.kind === 'product' && line.isBracelet)) {
      throw new HttpError(400, 'ASSEMBLY_NEEDS_BRACELET', 'Add a charm bracelet to your bag first: assembly puts your charms on it.');
    }
    await tx.insert(cartItems).values({ id: randomUUID(), cartId: cart.id, kind: 'charm_assembly', quantity: 1 });
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
export async function removeItem(db: Db, sessionId: string, itemId: string): Promise<void> {
  await changeBag(db, sessionId, async (tx, cart) => {
    const line = await lineOf(tx, cart.id, itemId);
    if (line.kind === 'additional_characters' && line.parentItemId) {
      await tx.delete(cartItemSpecifics).where(eq(cartItemSpecifics.itemId, line.parentItemId));
    }
    // Engraving lines and specifics of a removed item go with it (foreign keys cascade).
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
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
export async function applyPromoCode(db: Db, sessionId: string, code: string, now: Date): Promise<PromotionVerdict & { code: string }> {
  const normalized = normalizeCode(code);
  return changeBag(db, sessionId, async (tx, cart) => {
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.code, normalized));
    const { merchandiseCents } = bagSubtotals(await pricedLines(tx, cart.id));
    const verdict = await checkPromotion(tx, promotion, { sessionId, merchandiseCents, now });
    if (verdict.ok) await tx.update(carts).set({ promotionId: promotion!.id }).where(eq(carts.id, cart.id));
    return { ...verdict, code: normalized };
  });
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
    if (effectiveState && shippingTypeId && !shippingOptions(effectiveState, now, { leadTimeDays: 0, hasAssembly: false }).some((option) => option.id === shippingTypeId)) {
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
