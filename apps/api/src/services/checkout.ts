import { randomUUID } from 'node:crypto';
import type { CompleteOrderBody, CompleteOrderResponse } from '@charms/contracts/checkout';
import { bagSubtotals, bagTotals } from '@charms/domain/bag';
import { estimateShipDate } from '@charms/domain/ship-dates';
import { ASSEMBLY_DAYS, SHIPPING_TYPES, findStateProvince, shippingOptions } from '@charms/domain/shipping';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { cartItems, carts, orderLines, orders, paymentAttempts, promotionUses, promotions, type OrderRow } from '../db/schema';
import { renderOrderConfirmation, type StoreDetails } from '../email/order-confirmation';
import { queueEmail } from '../email/outbox';
import { HttpError, invalidFields } from '../http-error';
import { GatewayUnavailableError, type PaymentGateway, SANDBOX_NONCES, declineMessage } from '../payments/gateway';
import { assertSession } from './bag-changes';
import { checkPromotion, findPromotion, loadCart, pricedLines } from './bag-read';
import { findOrder, orderView } from './order-view';

/**
 * Placing an order: validate, price everything again from the database, charge once, then record the order,
 * count the promotion, empty the bag and queue the confirmation email in one transaction.
 *
 * Charging once: the order row (pending_payment, unique per session and idempotency key) is written and the bag
 * marked as being checked out BEFORE the card is charged, under the bag's row lock. A second click, a retry or a
 * parallel call finds that order and waits for it, or is told an order is in progress; it never charges again.
 */
export interface CheckoutContext {
  db: Db;
  gateway: PaymentGateway;
  now: () => Date;
  log: FastifyBaseLogger;
  store: StoreDetails;
  linkSecret: string;
  /** Called after an order is paid (to send its email right away). */
  onPaid?: () => void;
}

/** How long a payment may take before an unfinished checkout is treated as abandoned and reconciled. */
const STALE_CHECKOUT_MS = 2 * 60_000;

const orderInProgress = () =>
  new HttpError(409, 'ORDER_IN_PROGRESS', 'Your order is already being placed in another window. Please wait a moment, then check your email or your bag.');

async function respond(context: CheckoutContext, order: OrderRow): Promise<CompleteOrderResponse> {
  return { order: await orderView(context.db, order, context.linkSecret), dataLayers: [] };
}

export async function completeOrder(context: CheckoutContext, sessionId: string, body: CompleteOrderBody): Promise<CompleteOrderResponse> {
  const { db } = context;
  await assertSession(db, sessionId);

  // A replay of the same checkout answers with its order.
  const [previous] = await db.select().from(orders).where(and(eq(orders.sessionId, sessionId), eq(orders.idempotencyKey, body.idempotencyKey)));
  if (previous) {
    const settled = await settle(context, previous);
    if (settled) return respond(context, settled);
  }

  // An unfinished checkout of this bag (another window, or one whose answer was lost) is resolved first.
  const cartBefore = await loadCart(db, sessionId);
  const blocking = cartBefore?.checkoutOrderId ? await findOrder(db, { id: cartBefore.checkoutOrderId }) : undefined;
  if (blocking) {
    const age = context.now().getTime() - blocking.createdAt.getTime();
    if (blocking.status === 'pending_payment' && age < STALE_CHECKOUT_MS) throw orderInProgress();
    const settled = await settle(context, blocking);
    if (settled) {
      throw new HttpError(409, 'ORDER_ALREADY_PLACED', `Your order ${settled.number} was already placed: check your email for the confirmation.`, {
        orderNumber: settled.number,
      });
    }
  }

  const order = await reserveOrder(context, sessionId, body);
  if (order.kind === 'existing') {
    const settled = await settle(context, order.order);
    if (settled) return respond(context, settled);
    throw orderInProgress();
  }
  return charge(context, order.order, body);
}

/**
 * Resolves an order that is not known to be paid: waits for one being charged right now, asks the gateway about
 * one whose answer was lost. Returns the order when it is paid; undefined when it was never charged (and is gone).
 */
async function settle(context: CheckoutContext, order: OrderRow): Promise<OrderRow | undefined> {
  if (order.status !== 'pending_payment' && order.status !== 'payment_unknown') return order;
  if (order.status === 'pending_payment' && context.now().getTime() - order.createdAt.getTime() < STALE_CHECKOUT_MS) {
    // Another request is charging this order: wait for its outcome.
    for (let waited = 0; waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const current = await findOrder(context.db, { id: order.id });
      if (!current) return undefined;
      if (current.status !== 'pending_payment') return current.status === 'payment_unknown' ? settle(context, current) : current;
    }
    throw orderInProgress();
  }
  let found: { transactionId: string } | null;
  try {
    found = await context.gateway.findByOrderId(order.id);
  } catch (error) {
    context.log.error({ err: error, order: order.number }, 'payment outcome still unknown');
    throw paymentUnconfirmed();
  }
  if (found) return finalizePaid(context, order, found.transactionId, order.cardDescription);
  await abandon(context.db, order);
  return undefined;
}

const paymentUnconfirmed = () =>
  new HttpError(
    503,
    'PAYMENT_UNCONFIRMED',
    'We could not confirm whether your card was charged. Please do not place the order again: try this button again in a few minutes, and we will never charge you twice.',
  );

type Reserved = { kind: 'new'; order: OrderRow } | { kind: 'existing'; order: OrderRow };

/** Prices the bag from the database and writes the order as pending_payment, holding the bag's lock. */
async function reserveOrder(context: CheckoutContext, sessionId: string, body: CompleteOrderBody): Promise<Reserved> {
  const { db } = context;
  const now = context.now();
  const state = findStateProvince(body.shippingAddress.stateProvince)!;
  const shippingType = SHIPPING_TYPES.find((type) => type.id === body.shippingTypeId)!;
  const fixtureNonce = body.paymentMethodNonce in SANDBOX_NONCES;

  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const cart = await loadCart(tx, sessionId, { lock: true });
    if (cart?.checkoutOrderId) {
      const current = await findOrder(tx, { id: cart.checkoutOrderId });
      if (current && current.sessionId === sessionId && current.idempotencyKey === body.idempotencyKey) return { kind: 'existing', order: current };
      throw orderInProgress();
    }
    const lines = cart ? await pricedLines(tx, cart.id) : [];
    if (lines.length === 0) throw new HttpError(400, 'BAG_EMPTY', 'Your bag is empty. Add a charm or a bracelet first.');
    const unavailable = lines.find((line) => !line.orderable);
    if (unavailable) {
      throw new HttpError(409, 'BAG_CHANGED', `${unavailable.item.product?.name ?? 'An item'} is no longer available in ${unavailable.item.metal?.name ?? 'its metal'}. Please remove it from your bag.`);
    }
    const timing = { leadTimeDays: Math.max(0, ...lines.map((line) => line.leadTimeDays)), hasAssembly: lines.some((line) => line.kind === 'charm_assembly') };
    if (!shippingOptions(state, now, timing).some((option) => option.id === shippingType.id)) {
      throw invalidFields([{ field: 'shippingTypeId', message: `is not offered to ${state.name}` }]);
    }
    if (!fixtureNonce) {
      const [used] = await queryRows<{ id: string }>(tx, sql`select id from orders where payment_nonce = ${body.paymentMethodNonce} limit 1`);
      if (used) throw new HttpError(400, 'PAYMENT_METHOD_USED', 'This card authorization was already used for an order. Please enter your card again.');
    }

    const promotion = cart!.promotionId ? await findPromotion(tx, cart!.promotionId) : undefined;
    const { merchandiseCents } = bagSubtotals(lines);
    const verdict = promotion ? await checkPromotion(tx, promotion, { sessionId, merchandiseCents, now }) : undefined;
    const totals = bagTotals(lines, verdict?.ok ? verdict.discountCents : 0, shippingType.priceCents);

    const [{ number }] = (await queryRows<{ number: string }>(tx, sql`select 'CB-' || nextval('order_number_seq') as number`)) as [{ number: string }];
    const id = randomUUID();
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        number,
        sessionId,
        idempotencyKey: body.idempotencyKey,
        status: 'pending_payment',
        email: body.customer.email,
        phone: body.customer.phone,
        shippingAddress: body.shippingAddress,
        billingAddress: body.billingAddress ?? body.shippingAddress,
        shippingTypeId: shippingType.id,
        shippingTypeName: shippingType.name,
        orderComments: body.orderComments ?? null,
        giftMessage: body.giftMessage ?? null,
        merchandiseCents: totals.merchandiseCents,
        engravingCents: totals.engravingCents,
        assemblyCents: totals.assemblyCents,
        discountCents: totals.discountCents,
        shippingCents: totals.shippingCents,
        totalCents: totals.totalCents,
        promotionId: verdict?.ok ? promotion!.id : null,
        promoCode: verdict?.ok ? promotion!.code : null,
        estimatedShipDate: estimateShipDate(now, { leadTimeDays: timing.leadTimeDays, assemblyDays: timing.hasAssembly ? ASSEMBLY_DAYS : 0 }),
        paymentGateway: context.gateway.name,
        paymentNonce: body.paymentMethodNonce,
      })
      .returning();
    await tx.insert(orderLines).values(
      lines.map((line, position) => ({
        id: randomUUID(),
        orderId: id,
        position,
        kind: line.kind,
        productId: line.productId,
        name: line.item.product?.name ?? (line.kind === 'charm_assembly' ? 'Charm bracelet assembly' : 'Engraving'),
        description: line.item.description,
        metalId: line.metalId,
        braceletSize: line.item.braceletSize,
        quantity: line.quantity,
        unitCents: line.unitCents,
        lineCents: line.unitCents * line.quantity,
        engravingText: line.item.itemSpecifics[0]?.text ?? null,
        engravingFont: line.item.itemSpecifics[0]?.font ?? null,
        isPhotoArt: line.item.product?.isPhotoArt ?? false,
      })),
    );
    await tx.update(carts).set({ checkoutOrderId: id }).where(eq(carts.id, cart!.id));
    return { kind: 'new', order: order! };
  });
}

async function recordAttempt(db: Db, order: OrderRow, gateway: PaymentGateway) {
  const id = randomUUID();
  await db.insert(paymentAttempts).values({
    id,
    orderId: order.id,
    orderNumber: order.number,
    sessionId: order.sessionId,
    gateway: gateway.name,
    amountCents: order.totalCents,
    status: 'started',
  });
  return async (status: 'succeeded' | 'declined' | 'failed' | 'voided' | 'needs_reconciliation', details: { transactionId?: string | null; code?: string; message?: string } = {}) => {
    await db
      .update(paymentAttempts)
      .set({
        status,
        transactionId: details.transactionId ?? null,
        processorResponseCode: details.code ?? null,
        message: details.message ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentAttempts.id, id));
  };
}

async function charge(context: CheckoutContext, order: OrderRow, body: CompleteOrderBody): Promise<CompleteOrderResponse> {
  const { db, gateway, log } = context;
  const update = await recordAttempt(db, order, gateway);
  if (order.totalCents === 0) {
    await update('succeeded', { message: 'nothing to charge' });
    return respond(context, await finalizePaid(context, order, null, null));
  }
  let result;
  try {
    result = await gateway.sale({ amountCents: order.totalCents, nonce: body.paymentMethodNonce, deviceData: body.deviceData, orderId: order.id });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    // The charge may or may not have happened: ask the gateway before anything else.
    log.warn({ err: error, order: order.number }, 'payment gateway did not answer; checking for the charge');
    let found: { transactionId: string } | null;
    try {
      found = await gateway.findByOrderId(order.id);
    } catch (lookupError) {
      log.error({ err: lookupError, order: order.number }, 'payment outcome unknown: recorded for reconciliation');
      await update('needs_reconciliation', { message: 'gateway did not answer the sale or the lookup' });
      await db.update(orders).set({ status: 'payment_unknown' }).where(eq(orders.id, order.id));
      throw paymentUnconfirmed();
    }
    if (found) {
      await update('succeeded', { transactionId: found.transactionId, message: 'found after a lost answer' });
      return respond(context, await finalizePaid(context, order, found.transactionId, null));
    }
    await update('failed', { message: 'gateway did not answer; no charge was made' });
    await abandon(db, order);
    throw new HttpError(503, 'PAYMENT_UNAVAILABLE', 'We could not reach the card processor, and your card was not charged. Please try again in a minute.');
  }

  if (result.outcome === 'declined') {
    await update('declined', { transactionId: result.transactionId, code: result.processorResponseCode, message: result.processorResponseText });
    await abandon(db, order);
    throw new HttpError(402, 'PAYMENT_DECLINED', declineMessage(result.processorResponseCode), { processorResponseCode: result.processorResponseCode });
  }
  if (result.outcome === 'rejected') {
    await update('failed', { code: result.code, message: result.message });
    await abandon(db, order);
    throw new HttpError(400, 'PAYMENT_METHOD_INVALID', 'We could not use those card details. Please enter your card again.', { gatewayCode: result.code });
  }

  await update('succeeded', { transactionId: result.transactionId });
  try {
    return respond(context, await finalizePaid(context, order, result.transactionId, result.cardDescription));
  } catch (error) {
    // Charged, but the order could not be recorded: cancel the charge rather than keep money without an order.
    log.error({ err: error, order: order.number }, 'order not recorded after a successful charge; voiding it');
    try {
      await gateway.void(result.transactionId);
      await update('voided', { transactionId: result.transactionId, message: 'voided: order not recorded' });
      await abandon(db, order).catch(() => {});
    } catch (voidError) {
      log.error({ err: voidError, order: order.number }, 'void failed: charge recorded for reconciliation');
      await update('needs_reconciliation', { transactionId: result.transactionId, message: 'charged, order not recorded, void failed' }).catch(() => {});
      throw paymentUnconfirmed();
    }
    throw new HttpError(503, 'ORDER_NOT_SAVED', 'We could not save your order, so we cancelled the charge on your card. Please try again.');
  }
}

/** Marks the order paid, counts the promotion, empties the bag and queues the confirmation, all or nothing. */
async function finalizePaid(context: CheckoutContext, order: OrderRow, transactionId: string | null, card: string | null): Promise<OrderRow> {
  const { db } = context;
  const paid = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [updated] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: sql`now()`, paymentTransactionId: transactionId, cardDescription: card })
      .where(and(eq(orders.id, order.id), inArray(orders.status, ['pending_payment', 'payment_unknown'])))
      .returning();
    if (!updated) return (await findOrder(tx, { id: order.id }))!;
    if (updated.promotionId !== null) {
      await tx.update(promotions).set({ timesUsed: sql`${promotions.timesUsed} + 1` }).where(eq(promotions.id, updated.promotionId));
      await tx.insert(promotionUses).values({ promotionId: updated.promotionId, sessionId: updated.sessionId });
    }
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.checkoutOrderId, order.id));
    if (cart) {
      await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
      await tx.update(carts).set({ checkoutOrderId: null, promotionId: null, orderComments: null }).where(eq(carts.id, cart.id));
    }
    const email = renderOrderConfirmation(await orderView(tx, updated, context.linkSecret), context.store);
    await queueEmail(tx, { orderId: updated.id, kind: 'order_confirmation', to: updated.email, ...email });
    return updated;
  });
  context.onPaid?.();
  return paid;
}

/** Removes an order that was never charged and frees its bag for another try. */
async function abandon(db: Db, order: OrderRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(carts).set({ checkoutOrderId: null }).where(eq(carts.checkoutOrderId, order.id));
    await tx.delete(orders).where(and(eq(orders.id, order.id), inArray(orders.status, ['pending_payment', 'payment_unknown'])));
  });
}
