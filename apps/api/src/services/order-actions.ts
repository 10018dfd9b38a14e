import { randomUUID } from 'node:crypto';
import type { AdminOrder } from '@charms/contracts/admin-orders';
import { type OrderAction, type OrderStatus, STATUS_LABELS, transition } from '@charms/domain/order-status';
import { trackingUrl } from '@charms/domain/tracking';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type OrderRow, emailOutbox, orderRefunds, orders } from '../db/schema';
import { renderOrderConfirmation, type StoreDetails } from '../email/order-confirmation';
import { renderOrderShipped } from '../email/order-shipped';
import { HttpError } from '../http-error';
import type { PaymentGateway } from '../payments/gateway';
import { type Actor, recordAudit } from '../staff/audit';
import { orderNotFound, presentAdminOrder } from './admin-order-detail';
import { orderView } from './order-view';

/**
 * What staff do to an order: mark a check received, ship, resend the confirmation, write a note. Each locks the
 * order's row, asks the state machine, and writes the change and its audit row in one transaction; each answers
 * with the order as it is now. Cancelling and refunding, which ask the gateway, are in order-refunds.ts.
 */
export interface OrderActionContext {
  db: Db;
  gateway: PaymentGateway;
  store: StoreDetails;
  linkSecret: string;
  log: FastifyBaseLogger;
  /** Called when an email was queued, to send it now rather than at the next round. */
  emailQueued: () => void;
}

export const statusConflict = (message: string) => new HttpError(409, 'ORDER_STATUS_CONFLICT', message);

/** The state machine's answer, or a 409 with its sentence. */
export function allowed(order: OrderRow, action: OrderAction, amountCents?: number): OrderStatus {
  const next = transition(order.status, action, { totalCents: order.totalCents, refundedCents: order.refundedCents, amountCents });
  if (!next.ok) throw statusConflict(next.message);
  return next.status;
}

/** Runs `change` in a transaction holding the order's row lock (404 when there is no such order). */
export async function withLockedOrder<T>(db: Db, id: string, change: (tx: Db, order: OrderRow) => Promise<T>): Promise<T> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw orderNotFound();
    return change(tx, order);
  });
}

export async function currentAdminOrder(context: OrderActionContext, id: string): Promise<AdminOrder> {
  const [order] = await context.db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw orderNotFound();
  return presentAdminOrder(context.db, order, context.linkSecret);
}

/** An order with a refund still being asked of the gateway: shipping or cancelling waits for its outcome. */
export async function refundUnderWay(tx: Db, orderId: string): Promise<boolean> {
  const [pending] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'pending')))
    .limit(1);
  return pending !== undefined;
}
export const refundUnderWayConflict = () => statusConflict('A refund of this order is being made right now. Try again in a moment.');

/** A check (or other payment outside the card gateway) was received: the order is paid. */
export async function markPaid(context: OrderActionContext, actor: Actor, id: string, reference?: string): Promise<AdminOrder> {
  await withLockedOrder(context.db, id, async (tx, order) => {
    const status = allowed(order, 'mark_paid');
    await tx.update(orders).set({ status, paidAt: sql`now()` }).where(eq(orders.id, id));
    await recordAudit(tx, actor, { subjectType: 'order', subjectId: id, action: 'order.paid', details: reference ? { reference } : {} });
  });
  return currentAdminOrder(context, id);
}

/** Shipped with a carrier and tracking number; the shopper is emailed the tracking link (once per order). */
export async function shipOrder(context: OrderActionContext, actor: Actor, id: string, parcel: { carrier: string; trackingNumber: string }): Promise<AdminOrder> {
  await withLockedOrder(context.db, id, async (tx, order) => {
    const status = allowed(order, 'ship');
    if (await refundUnderWay(tx, id)) throw refundUnderWayConflict();
    const [shipped] = await tx
      .update(orders)
      .set({ status, carrier: parcel.carrier, trackingNumber: parcel.trackingNumber, shippedAt: sql`now()` })
      .where(eq(orders.id, id))
      .returning();
    const email = renderOrderShipped(await orderView(tx, shipped!, context.linkSecret), context.store);
    await tx
      .insert(emailOutbox)
      .values({ id: randomUUID(), orderId: id, kind: 'order_shipped', to: order.email, ...email })
      .onConflictDoNothing();
    await recordAudit(tx, actor, {
      subjectType: 'order',
      subjectId: id,
      action: 'order.shipped',
      details: { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber, trackingUrl: trackingUrl(parcel.carrier, parcel.trackingNumber) },
    });
  });
  context.emailQueued();
  return currentAdminOrder(context, id);
}

/** Statuses whose shopper can be sent the confirmation again: the order stands (placed and not undone). */
const CONFIRMABLE: readonly OrderStatus[] = ['awaiting_payment', 'paid', 'shipped'];

/**
 * Queues the confirmation email again, as the order is now. The outbox keeps one email per order and kind, so each
 * resend is a kind of its own (order_confirmation_resend:<audit id>): the first email's record stays as it was, and
 * two resends are two emails, each with its line in the trail.
 */
export async function resendConfirmation(context: OrderActionContext, actor: Actor, id: string): Promise<AdminOrder> {
  await withLockedOrder(context.db, id, async (tx, order) => {
    if (!CONFIRMABLE.includes(order.status)) {
      throw statusConflict(
        order.status === 'pending_payment' || order.status === 'payment_unknown'
          ? 'This order is not confirmed yet: its payment is still being settled, and the shopper gets the confirmation once it is.'
          : `This order is ${STATUS_LABELS[order.status].toLowerCase()}: its confirmation is not sent again.`,
      );
    }
    const email = renderOrderConfirmation(await orderView(tx, order, context.linkSecret), context.store);
    const resendId = randomUUID();
    await tx.insert(emailOutbox).values({ id: randomUUID(), orderId: id, kind: `order_confirmation_resend:${resendId}`, to: order.email, ...email });
    await recordAudit(tx, actor, { subjectType: 'order', subjectId: id, action: 'order.confirmation_resent', details: { to: order.email, resendId } });
  });
  context.emailQueued();
  return currentAdminOrder(context, id);
}

/** An internal note on the order's timeline (never shown to the shopper). */
export async function addNote(context: OrderActionContext, actor: Actor, id: string, text: string): Promise<AdminOrder> {
  await withLockedOrder(context.db, id, async (tx) => {
    await recordAudit(tx, actor, { subjectType: 'order', subjectId: id, action: 'order.note', details: { text } });
  });
  return currentAdminOrder(context, id);
}
