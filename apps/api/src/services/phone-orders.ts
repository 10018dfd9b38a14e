import { createHmac, randomUUID } from 'node:crypto';
import type { PhoneOrderBody, PhoneOrderQuote, PhoneOrderQuoteBody, PlacedPhoneOrder } from '@charms/contracts/admin-orders';
import type { FieldError } from '@charms/contracts/errors';
import type { PromotionVerdict } from '@charms/domain/promotions';
import { DEFAULT_SHIPPING_TYPE, SHIPPING_TYPES, findStateProvince, shippingOptions, shippingTypeName } from '@charms/domain/shipping';
import { type StoreSettings, shippingSettingsOf } from '@charms/domain/store-settings';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { orders, products } from '../db/schema';
import { HttpError, invalidFields } from '../http-error';
import { PROCESSOR_RESPONSES } from '../payments/gateway';
import { ResponseCache } from '../plugins/response-cache';
import { addAssembly, addItem, applyPromoCode, promoCodeRefusal } from './bag-changes';
import { bagTiming, loadBag } from './bag-read';
import { money } from './catalog-presenters';
import { type CheckOrderBody, type CheckoutContext, completeOrder, placeCheckOrder, priceOrder } from './checkout';
import { presentOrderLine, presentTotals } from './order-view';
import { holdUserSession } from './user-sessions';

/**
 * Phone orders: staff enter the items, and the order is built in a bag of its own (a fresh session owned by the
 * order) through the very calls a shopper's bag uses, then placed by checkout. So its lines and totals are the
 * ones the same items get in a shopper's bag, by construction, and it obeys the shop's rules as a shopper's order
 * does (quantities, engraving, shipping types offered to the state); only checkout's per-shopper charge limit is
 * not applied to staff.
 */

/**
 * Product facts are read inside the building transaction, never from the shared catalog cache: a cached load
 * started by another request may be queued behind this transaction (the embedded database has one connection), and
 * waiting on it from inside would never end.
 */
const uncached = new ResponseCache();
uncached.enabled = false;

/**
 * The session a phone order is built in, from its idempotency key: the same key always gives the same session, so
 * a double click or a retry finds the order already placed (checkout's per-session idempotency). An HMAC with a
 * server secret, not a plain hash: the session id opens the order's page, and knowing a key must not give it.
 */
export function phoneOrderSessionId(secret: string, idempotencyKey: string): string {
  const bytes = createHmac('sha256', secret).update(`phone-order-session:${idempotencyKey}`).digest().subarray(0, 16);
  // An RFC 9562 version 8 (custom) UUID.
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type BagContents = Pick<PhoneOrderQuoteBody, 'items' | 'charmAssembly' | 'promoCode'>;

/** The field errors of a refused change (a 400 naming fields), or undefined for any other error. */
function fieldErrorsOf(error: unknown): FieldError[] | undefined {
  return error instanceof HttpError && error.code === 'VALIDATION_ERROR' && Array.isArray(error.details) ? (error.details as FieldError[]) : undefined;
}

/**
 * Puts the items in the session's (empty) bag as the bag's own calls do: each item as "add to bag" adds it, charm
 * assembly as the bag adds it, the promo code as the bag applies it. Every item's problems are answered at once,
 * named by their place (`items.2.engraving.text`). Returns the promo code's verdict, when one was given.
 */
async function fillBag(tx: Db, sessionId: string, contents: BagContents, now: Date, settings: StoreSettings): Promise<(PromotionVerdict & { code: string }) | undefined> {
  const problems: FieldError[] = [];
  const ids = [...new Set(contents.items.map((item) => item.productId))];
  const facts = await tx.select({ id: products.id, kind: products.kind, sizes: products.sizes }).from(products).where(inArray(products.id, ids));
  for (const [index, item] of contents.items.entries()) {
    const product = facts.find((fact) => fact.id === item.productId);
    // A shopper's bag picks a size when none is given; staff must ask the customer.
    if (product?.kind === 'bracelet' && item.braceletSize === undefined) {
      problems.push({ field: `items.${index}.braceletSize`, message: `is required for a bracelet (${(product.sizes ?? []).join(', ')} inches)` });
      continue;
    }
    try {
      await addItem(tx, uncached, sessionId, item);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (!fields) throw error;
      problems.push(...fields.map((field) => ({ field: `items.${index}.${field.field}`, message: field.message })));
    }
  }
  if (problems.length > 0) throw invalidFields(problems);
  if (contents.charmAssembly) {
    try {
      await addAssembly(tx, sessionId, settings);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'ASSEMBLY_NEEDS_BRACELET') {
        throw invalidFields([{ field: 'charmAssembly', message: 'needs a bracelet among the items: assembly puts the charms on it' }]);
      }
      throw error;
    }
  }
  return contents.promoCode ? applyPromoCode(tx, sessionId, contents.promoCode, now, settings) : undefined;
}

export interface PhoneOrderContext {
  /** Checkout's context, with the staff member taking the order as `placedBy`. */
  checkout: CheckoutContext & { placedBy: NonNullable<CheckoutContext['placedBy']> };
  /** The server secret the order's session id is derived with. */
  sessionSecret: string;
}

/**
 * Places a phone order: builds its bag (in one transaction: all of it or, on a bad item or a refused promo code,
 * nothing), then places it through checkout: a card charged once, or a check awaited. An order that is not placed
 * (a declined card, a shipping type not offered) leaves nothing behind: its session and bag are removed, so a retry
 * with the same key builds it again from what it sends.
 */
export async function placePhoneOrder(context: PhoneOrderContext, body: PhoneOrderBody): Promise<PlacedPhoneOrder> {
  const { db } = context.checkout;
  const idempotencyKey = body.idempotencyKey ?? randomUUID();
  const sessionId = body.idempotencyKey ? phoneOrderSessionId(context.sessionSecret, body.idempotencyKey) : randomUUID();
  const orderOf = (on: Db) => on.select({ id: orders.id }).from(orders).where(and(eq(orders.sessionId, sessionId), eq(orders.idempotencyKey, idempotencyKey)));

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Calls with the same key queue up here; the first builds the bag, the others find it built, or the order placed.
    await holdUserSession(tx, sessionId);
    const [placed] = await orderOf(tx);
    if (placed) return;
    const [built] = await queryRows<{ built: boolean }>(
      tx,
      sql`select exists (select 1 from cart_items i join carts c on c.id = i.cart_id where c.session_id = ${sessionId}) as built`,
    );
    if (built?.built) return;
    const verdict = await fillBag(tx, sessionId, body, context.checkout.now(), context.checkout.settings);
    if (verdict && !verdict.ok) throw promoCodeRefusal(verdict);
  });

  const details: CheckOrderBody = {
    idempotencyKey,
    customer: body.customer,
    shippingAddress: body.shippingAddress,
    shippingTypeId: body.shippingTypeId ?? DEFAULT_SHIPPING_TYPE,
    ...(body.billingAddress ? { billingAddress: body.billingAddress } : {}),
    orderComments: body.orderComments,
    giftMessage: body.giftMessage,
    ...(body.expectedTotalCents !== undefined ? { expectedTotalCents: body.expectedTotalCents } : {}),
  };
  try {
    const { order } =
      body.payment.method === 'card'
        ? await completeOrder(context.checkout, sessionId, { ...details, paymentMethodNonce: body.payment.paymentMethodNonce, ...(body.payment.deviceData ? { deviceData: body.payment.deviceData } : {}) })
        : await placeCheckOrder(context.checkout, sessionId, details);
    const [row] = await orderOf(db);
    return { id: row!.id, order };
  } catch (error) {
    // Not placed: nothing of it is kept. An order that exists (being charged, or its charge unconfirmed) keeps its session.
    await db.execute(sql`delete from user_sessions where id = ${sessionId} and not exists (select 1 from orders where session_id = ${sessionId})`);
    throw forStaff(error);
  }
}

/** Checkout's refusals, said to the staff member taking the order rather than to a shopper. */
function forStaff(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  if (error.code === 'PAYMENT_DECLINED') {
    const code = (error.details as { processorResponseCode?: string } | undefined)?.processorResponseCode ?? '';
    const reason = PROCESSOR_RESPONSES[code] ?? 'Declined';
    return new HttpError(402, 'PAYMENT_DECLINED', `The card was declined: ${reason} (${code}). Ask for another card, or take the order by check.`, error.details);
  }
  // The session went away under this call: a call with the same key failed a moment ago, and removed it.
  if (error.code === 'NOT_FOUND') {
    return new HttpError(409, 'ORDER_IN_PROGRESS', 'This order was being placed from another window and did not go through. Check the orders list, then try again.');
  }
  return error;
}

/** Thrown to end the quote's transaction: the bag it built is rolled back, the quote kept. */
class QuoteReady {
  constructor(readonly quote: PhoneOrderQuote) {}
}

/**
 * What a phone order would cost, as the form is filled in: its bag built in a session of its own exactly as the
 * order would build it, read and priced as placing the order prices it, then removed (its transaction rolled back,
 * so nothing of it is ever seen or left behind). A promo code that does not apply is reported, not refused.
 */
export async function quotePhoneOrder(db: Db, body: PhoneOrderQuoteBody, now: Date, settings: StoreSettings): Promise<PhoneOrderQuote> {
  const sessionId = randomUUID();
  try {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await holdUserSession(tx, sessionId);
      const verdict = await fillBag(tx, sessionId, body, now, settings);
      const bag = (await loadBag(tx, sessionId, settings))!;
      const stateCode = body.shippingAddress?.stateProvince;
      const state = stateCode ? findStateProvince(stateCode) : undefined;
      const priced = priceOrder(bag, now, settings, { state, shippingTypeId: body.shippingTypeId ?? DEFAULT_SHIPPING_TYPE });
      const offered = state
        ? shippingOptions(state, now, bagTiming(bag.lines), shippingSettingsOf(settings)).map(({ id, name, priceCents }) => ({ id, name, price: money(priceCents) }))
        : SHIPPING_TYPES.map(({ id }) => ({ id, name: shippingTypeName(id, settings.shippingPrices), price: money(settings.shippingPrices[id]) }));
      throw new QuoteReady({
        lines: priced.lines.map(presentOrderLine),
        totals: presentTotals(priced.totals),
        promoCode: priced.promotion?.code ?? null,
        promoMessage: verdict && !verdict.ok ? verdict.message : null,
        estimatedShipDate: priced.estimatedShipDate,
        shippingTypes: offered,
      });
    });
  } catch (error) {
    if (error instanceof QuoteReady) return error.quote;
    throw error;
  }
  // The transaction always ends by throwing; this is never reached.
  throw new Error('quote not computed');
}
