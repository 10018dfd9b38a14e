import { randomUUID } from 'node:crypto';
import type { AdminOrder } from '@charms/contracts/admin-orders';
import { transition } from '@charms/domain/order-status';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderRefunds, orders } from '../db/schema';
import { HttpError } from '../http-error';
import { CANNOT_VOID, FULLY_REFUNDED, GatewayRefusedError, GatewayUnavailableError, NOT_SETTLED, REFUND_TOO_LARGE, VOIDABLE_STATUSES } from '../payments/gateway';
import { type Actor, SYSTEM_ACTOR, recordAudit } from '../staff/audit';
import { queryRows } from '../db/query';
import { type OrderActionContext, allowed, currentAdminOrder, refundUnderWay, refundUnderWayConflict, statusConflict, withLockedOrder } from './order-actions';

/**
 * Giving money back: a refund (part or all), or the rest of the charge when an order is cancelled. Safe when two
 * happen at once: the amount is reserved first (a pending order_refunds row, and orders.refunded_cents raised under
 * the order's row lock, so two refunds can never reserve more than was paid), committed, and only then is the
 * gateway asked. Its yes marks the refund succeeded (and the order refunded once nothing is left); its no, or no
 * answer, gives the amount back, and the order is as it was. A check order's money is paid back by the shop
 * itself: recorded at once as a manual refund.
 */
interface Reservation {
  refundId: string;
  transactionId: string;
  amountCents: number;
}

async function cancelUnderWay(tx: Db, orderId: string): Promise<boolean> {
  const [pending] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'pending'), eq(orderRefunds.purpose, 'cancel')))
    .limit(1);
  return pending !== undefined;
}

const noCharge = () => statusConflict('No card charge is recorded for this order, so there is nothing to give back through the card processor.');

async function reserve(
  tx: Db,
  actor: Actor,
  order: { id: string; transactionId: string | null },
  request: { amountCents: number; reason: string; purpose: 'refund' | 'cancel' },
): Promise<Reservation> {
  const { id: orderId, transactionId } = order;
  const { amountCents, reason, purpose } = request;
  if (!transactionId) throw noCharge();
  const refundId = randomUUID();
  await tx.insert(orderRefunds).values({ id: refundId, orderId, amountCents, reason, purpose, method: 'refund', status: 'pending', staffId: actor.id ?? null });
  await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${amountCents}` })
    .where(eq(orders.id, orderId));
  return { refundId, transactionId, amountCents };
}

/** The gateway said no or did not answer: the reserved amount is given back and the attempt kept in the trail. */
async function giveBack(context: OrderActionContext, actor: Actor, orderId: string, reservation: Reservation, failure: { action: string; reason: string; error: unknown }) {
  const message = failure.error instanceof Error ? failure.error.message.slice(0, 300) : 'unknown error';
  context.log.warn({ orderId, code: (failure.error as { code?: unknown }).code, err: failure.error }, 'refund not made; amount given back');
  await withLockedOrder(context.db, orderId, async (tx) => {
    await tx.update(orderRefunds).set({ status: 'failed', message, updatedAt: sql`now()` }).where(eq(orderRefunds.id, reservation.refundId));
    await tx
      .update(orders)
      .set({ refundedCents: sql`${orders.refundedCents} - ${reservation.amountCents}` })
      .where(eq(orders.id, orderId));
    await recordAudit(tx, actor, { subjectType: 'order', subjectId: orderId, action: failure.action, details: { amountCents: reservation.amountCents, reason: failure.reason, message } });
  });
}

/** What staff are told when the gateway did not give the money back. */
function gatewayFailure(error: unknown, what: 'refunded' | 'cancelled'): Error {
  const unchanged = `Nothing was ${what} and the order is as it was.`;
  if (error instanceof GatewayUnavailableError) {
    return new HttpError(503, 'PAYMENT_GATEWAY_UNAVAILABLE', `The card processor did not answer. ${unchanged} Try again in a minute.`);
  }
  if (error instanceof GatewayRefusedError) {
    if (error.code === NOT_SETTLED) {
      return new HttpError(
        409,
        'PAYMENT_NOT_SETTLED',
        `The card charge has not settled yet, so it cannot be refunded (the processor settles charges within a day). ${unchanged} To give everything back now, cancel the order: that voids the charge.`,
      );
    }
    if (error.code === REFUND_TOO_LARGE || error.code === FULLY_REFUNDED) {
      return new HttpError(409, 'PAYMENT_REFUSED', `The card processor refused: ${error.message} ${unchanged}`, { gatewayCode: error.code });
    }
    return new HttpError(502, 'PAYMENT_GATEWAY_REFUSED', `The card processor refused (${error.code}): ${error.message} ${unchanged}`, { gatewayCode: error.code });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** A refund of part or all of what is left, with its reason; answers the order as it is then. */
export async function refundOrder(context: OrderActionContext, actor: Actor, id: string, request: { amountCents: number; reason: string }): Promise<AdminOrder> {
  const { amountCents, reason } = request;
  const reservation = await withLockedOrder(context.db, id, async (tx, order) => {
    // A cancel's money being given back reserves all that is left: say that, not "refunded in full already".
    if (await cancelUnderWay(tx, id)) throw statusConflict('This order is being cancelled right now, and all that is left of its payment is being given back.');
    const status = allowed(order, 'refund', amountCents);
    if (order.paymentMethod !== 'check') return reserve(tx, actor, { id, transactionId: order.paymentTransactionId }, { amountCents, reason, purpose: 'refund' });
    await tx.insert(orderRefunds).values({ id: randomUUID(), orderId: id, amountCents, reason, method: 'manual', status: 'succeeded', staffId: actor.id ?? null });
    await tx
      .update(orders)
      .set({ status, refundedCents: sql`${orders.refundedCents} + ${amountCents}` })
      .where(eq(orders.id, id));
    await recordAudit(tx, actor, { subjectType: 'order', subjectId: id, action: 'order.refunded', details: { amountCents, reason, method: 'manual' } });
    return null;
  });
  if (reservation) {
    let refundTransactionId: string;
    try {
      ({ refundTransactionId } = await context.gateway.refund(reservation.transactionId, amountCents));
    } catch (error) {
      await giveBack(context, actor, id, reservation, { action: 'order.refund_failed', reason, error });
      throw gatewayFailure(error, 'refunded');
    }
    await withLockedOrder(context.db, id, async (tx, order) => {
      await tx.update(orderRefunds).set({ status: 'succeeded', transactionId: refundTransactionId, updatedAt: sql`now()` }).where(eq(orderRefunds.id, reservation.refundId));
      // The status counts only refunds the gateway made: with another still under way, the last one to finish
      // is the one that finds nothing left.
      const [made] = await tx
        .select({ cents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int`.mapWith(Number) })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, id), eq(orderRefunds.status, 'succeeded'), ne(orderRefunds.id, reservation.refundId)));
      const next = transition(order.status, 'refund', { totalCents: order.totalCents, refundedCents: made?.cents ?? 0, amountCents });
      if (next.ok && next.status !== order.status) await tx.update(orders).set({ status: next.status }).where(eq(orders.id, id));
      await recordAudit(tx, actor, { subjectType: 'order', subjectId: id, action: 'order.refunded', details: { amountCents, reason, method: 'refund', refundTransactionId } });
    });
  }
  return currentAdminOrder(context, id);
}

/**
 * Cancels an order. Nothing paid (awaiting payment, or a $0 order): just cancelled. A check order: what is left is
 * recorded as paid back by the shop. A card order: its charge is voided while unsettled (the shopper is never
 * charged), else what is left of it is refunded. Nothing else is released: the order and its lines stay.
 */
export async function cancelOrder(context: OrderActionContext, actor: Actor, id: string, reason: string): Promise<AdminOrder> {
  const reservation = await withLockedOrder(context.db, id, async (tx, order) => {
    const status = allowed(order, 'cancel');
    if (await refundUnderWay(tx, id)) throw refundUnderWayConflict();
    const rest = order.totalCents - order.refundedCents;
    if (order.status !== 'awaiting_payment' && rest > 0 && order.paymentMethod !== 'check') {
      return reserve(tx, actor, { id, transactionId: order.paymentTransactionId }, { amountCents: rest, reason, purpose: 'cancel' });
    }
    const payBack = order.status !== 'awaiting_payment' && rest > 0;
    if (payBack) await tx.insert(orderRefunds).values({ id: randomUUID(), orderId: id, amountCents: rest, reason, method: 'manual', status: 'succeeded', staffId: actor.id ?? null });
    await tx
      .update(orders)
      .set({ status, cancelledAt: sql`now()`, refundedCents: sql`${orders.refundedCents} + ${payBack ? rest : 0}` })
      .where(eq(orders.id, id));
    await recordAudit(tx, actor, { subjectType: 'order', subjectId: id, action: 'order.cancelled', details: payBack ? { reason, method: 'manual', amountCents: rest } : { reason } });
    return null;
  });
  if (reservation) {
    let made: { method: 'void' | 'refund'; transactionId: string };
    try {
      made = await voidOrRefund(context, reservation);
    } catch (error) {
      await giveBack(context, actor, id, reservation, { action: 'order.cancel_failed', reason, error });
      throw gatewayFailure(error, 'cancelled');
    }
    await withLockedOrder(context.db, id, async (tx, order) => {
      await tx
        .update(orderRefunds)
        .set({ status: 'succeeded', method: made.method, transactionId: made.transactionId, updatedAt: sql`now()` })
        .where(eq(orderRefunds.id, reservation.refundId));
      // Shipping and refunds wait while this cancel's money is pending, so the order is still cancellable here.
      const next = transition(order.status, 'cancel');
      if (next.ok) await tx.update(orders).set({ status: next.status, cancelledAt: sql`now()` }).where(eq(orders.id, id));
      await recordAudit(tx, actor, {
        subjectType: 'order',
        subjectId: id,
        action: 'order.cancelled',
        details: { reason, method: made.method, amountCents: reservation.amountCents, transactionId: made.transactionId },
      });
    });
  }
  return currentAdminOrder(context, id);
}

/** Voids the charge while it is unsettled (also if it settles between the look and the void: then refunds). */
async function voidOrRefund(context: OrderActionContext, reservation: Reservation): Promise<{ method: 'void' | 'refund'; transactionId: string }> {
  const { gateway } = context;
  const charge = await gateway.transaction(reservation.transactionId);
  if (!charge) throw new GatewayRefusedError('not_found', 'The card processor has no record of this order\'s charge.');
  if (VOIDABLE_STATUSES.includes(charge.status) && charge.refundedCents === 0) {
    try {
      await gateway.void(reservation.transactionId);
      return { method: 'void', transactionId: reservation.transactionId };
    } catch (error) {
      if (!(error instanceof GatewayRefusedError && error.code === CANNOT_VOID)) throw error;
    }
  }
  const { refundTransactionId } = await gateway.refund(reservation.transactionId, reservation.amountCents);
  return { method: 'refund', transactionId: refundTransactionId };
}

/**
 * Refunds whose outcome was never recorded: the process died, or the database went away, between reserving the
 * amount and recording the gateway's answer, so the order stays held ("a refund is being made right now"). After
 * `interruptedAfterMs` each is settled by what the gateway knows of the charge: when its refunds (or its void) cover
 * the ones recorded plus this one, this one was made, and the order moves as the refund or cancel would have moved
 * it; else the amount is given back. Run by every instance with the checkout reconciliation; each refund is claimed
 * (FOR UPDATE SKIP LOCKED, its updated_at moved on) so one instance at a time settles it.
 */
export async function settleInterruptedRefunds(
  context: Pick<OrderActionContext, 'db' | 'gateway' | 'log'>,
  options: { interruptedAfterMs: number; batchSize?: number },
): Promise<{ made: number; givenBack: number; unknown: number }> {
  const { db, gateway, log } = context;
  const seconds = options.interruptedAfterMs / 1000;
  const outcome = { made: 0, givenBack: 0, unknown: 0 };
  const claimed = await queryRows<{ id: string; orderId: string }>(
    db,
    sql`update order_refunds set updated_at = now()
        where id in (select id from order_refunds where status = 'pending' and updated_at <= now() - make_interval(secs => ${seconds})
                     order by updated_at limit ${options.batchSize ?? 10} for update skip locked)
        returning id, order_id as "orderId"`,
  );
  for (const refund of claimed) {
    const [order] = await db.select({ transactionId: orders.paymentTransactionId }).from(orders).where(eq(orders.id, refund.orderId));
    let charge: Awaited<ReturnType<typeof gateway.transaction>>;
    try {
      charge = order?.transactionId ? await gateway.transaction(order.transactionId) : null;
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      outcome.unknown++;
      log.warn({ orderId: refund.orderId }, 'interrupted refund not settled: the card processor did not answer; will ask again');
      continue;
    }
    const settled = await withLockedOrder(db, refund.orderId, async (tx, locked) => {
      const [row] = await tx.select().from(orderRefunds).where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'pending')));
      if (!row) return null;
      // Another refund of this order under way right now may be in the gateway's total already: settle later.
      const [others] = await tx
        .select({ pending: sql<number>`count(*) filter (where ${orderRefunds.status} = 'pending')::int`.mapWith(Number), recorded: sql<number>`coalesce(sum(${orderRefunds.amountCents}) filter (where ${orderRefunds.status} = 'succeeded' and ${orderRefunds.method} <> 'manual'), 0)::int`.mapWith(Number) })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, refund.orderId), ne(orderRefunds.id, refund.id)));
      if ((others?.pending ?? 0) > 0) return null;
      const recorded = others?.recorded ?? 0;
      const madeAtGateway = !charge ? 0 : charge.status === 'voided' ? charge.amountCents : charge.refundedCents;
      const made = madeAtGateway >= recorded + row.amountCents;
      const cancel = row.purpose === 'cancel';
      const details = { amountCents: row.amountCents, reason: row.reason, settledAfterInterruption: true };
      if (made) {
        const method = charge?.status === 'voided' ? 'void' : 'refund';
        await tx.update(orderRefunds).set({ status: 'succeeded', method, message: 'confirmed with the card processor after an interruption', updatedAt: sql`now()` }).where(eq(orderRefunds.id, row.id));
        const next = cancel ? transition(locked.status, 'cancel') : transition(locked.status, 'refund', { totalCents: locked.totalCents, refundedCents: recorded, amountCents: row.amountCents });
        if (next.ok && next.status !== locked.status) await tx.update(orders).set({ status: next.status, ...(cancel ? { cancelledAt: sql`now()` } : {}) }).where(eq(orders.id, locked.id));
        await recordAudit(tx, SYSTEM_ACTOR, { subjectType: 'order', subjectId: locked.id, action: cancel ? 'order.cancelled' : 'order.refunded', details: { ...details, method } });
      } else {
        await tx.update(orderRefunds).set({ status: 'failed', message: 'not made: interrupted before the card processor was asked', updatedAt: sql`now()` }).where(eq(orderRefunds.id, row.id));
        await tx
          .update(orders)
          .set({ refundedCents: sql`${orders.refundedCents} - ${row.amountCents}` })
          .where(eq(orders.id, locked.id));
        await recordAudit(tx, SYSTEM_ACTOR, { subjectType: 'order', subjectId: locked.id, action: cancel ? 'order.cancel_failed' : 'order.refund_failed', details });
      }
      return made;
    });
    if (settled === true) outcome.made++;
    if (settled === false) outcome.givenBack++;
    if (settled !== null) log.info({ orderId: refund.orderId, made: settled }, 'interrupted refund settled');
  }
  return outcome;
}
