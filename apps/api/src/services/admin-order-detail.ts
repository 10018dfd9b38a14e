import type { AdminOrder, AuditEvent } from '@charms/contracts/admin-orders';
import { formatCents } from '@charms/domain/money';
import { ORDER_ACTIONS, transition } from '@charms/domain/order-status';
import { trackingUrl } from '@charms/domain/tracking';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type AuditEventRow, type OrderRow, orderRefunds, staffAccounts } from '../db/schema';
import { notFound } from '../http-error';
import { auditTrail } from '../staff/audit';
import { money } from './catalog-presenters';
import { findOrder, orderView } from './order-view';

/** One order as staff see it: the shopper's view, the money, what can be done to it now, and its timeline. */
export const orderNotFound = () => notFound('There is no order with this id.');

export async function adminOrder(db: Db, id: string, linkSecret: string): Promise<AdminOrder> {
  const order = await findOrder(db, { id });
  if (!order) throw orderNotFound();
  return presentAdminOrder(db, order, linkSecret);
}

export async function presentAdminOrder(db: Db, order: OrderRow, linkSecret: string): Promise<AdminOrder> {
  const [view, refunds, trail, placedBy] = await Promise.all([
    orderView(db, order, linkSecret),
    db
      .select({ refund: orderRefunds, by: staffAccounts.name })
      .from(orderRefunds)
      .leftJoin(staffAccounts, eq(staffAccounts.id, orderRefunds.staffId))
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
    auditTrail(db, 'order', order.id),
    order.placedByStaffId ? db.select({ name: staffAccounts.name }).from(staffAccounts).where(eq(staffAccounts.id, order.placedByStaffId)) : [],
  ]);
  const money_ = { totalCents: order.totalCents, refundedCents: order.refundedCents };
  return {
    id: order.id,
    order: view,
    source: order.source,
    placedBy: placedBy[0]?.name ?? null,
    paymentMethod: order.paymentMethod,
    transactionId: order.paymentTransactionId,
    refunded: money(order.refundedCents),
    refundable: money(transition(order.status, 'refund', { ...money_, amountCents: 1 }).ok ? order.totalCents - order.refundedCents : 0),
    refunds: refunds.map(({ refund, by }) => ({
      id: refund.id,
      amount: money(refund.amountCents),
      reason: refund.reason,
      method: refund.method,
      status: refund.status,
      at: refund.createdAt.toISOString(),
      by,
    })),
    shippedAt: order.shippedAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    // A refund is open when at least a cent is left to give back.
    allowedActions: ORDER_ACTIONS.filter((action) => transition(order.status, action, { ...money_, amountCents: 1 }).ok),
    events: [...checkoutEvents(order), ...trail.map(presentEvent)],
  };
}

/**
 * Checkout writes no audit row (the shopper places and pays in one step), so a web order's timeline starts with
 * what its row says: when it was placed and when it was paid. A phone order's placing is an audit row of its own.
 */
function checkoutEvents(order: OrderRow): AuditEvent[] {
  if (order.source !== 'web') return [];
  const placed: AuditEvent = { at: order.createdAt.toISOString(), actor: 'Shopper', ip: null, action: 'order.placed', summary: 'Placed online by the shopper', details: {} };
  if (!order.paidAt) return [placed];
  const paid: AuditEvent = {
    at: order.paidAt.toISOString(),
    actor: 'Shopper',
    ip: null,
    action: 'order.paid',
    summary: order.totalCents === 0 ? 'Nothing to pay' : `Paid by card${order.cardDescription ? ` (${order.cardDescription})` : ''}: ${formatCents(order.totalCents)}`,
    details: {},
  };
  return [placed, paid];
}

function presentEvent(row: AuditEventRow): AuditEvent {
  const details = (row.details ?? {}) as Record<string, unknown>;
  return { at: row.at.toISOString(), actor: row.actor, ip: row.ip, action: row.action, summary: summarize(row.action, details), details };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const amount = (value: unknown) => (typeof value === 'number' ? formatCents(value) : '');
const because = (reason: unknown) => (text(reason) ? `: ${text(reason)}` : '');

/** An audit row in words, for the timeline. */
export function summarize(action: string, details: Record<string, unknown>): string {
  switch (action) {
    case 'order.placed':
      return 'Placed by phone';
    case 'order.paid':
      return `Payment received${text(details.reference) ? ` (${text(details.reference)})` : ''}`;
    case 'order.shipped':
      return `Shipped with ${text(details.carrier)}, tracking ${text(details.trackingNumber)}`;
    case 'order.cancelled': {
      const money_ =
        details.method === 'void'
          ? `; the card charge of ${amount(details.amountCents)} was voided`
          : details.method === 'refund'
            ? `; ${amount(details.amountCents)} refunded to the card`
            : details.method === 'manual'
              ? `; ${amount(details.amountCents)} to be paid back by the shop`
              : '';
      return `Cancelled${because(details.reason)}${money_}`;
    }
    case 'order.cancel_failed':
      return `Cancelling failed, nothing changed: ${text(details.message)}`;
    case 'order.refunded':
      return `Refunded ${amount(details.amountCents)}${details.method === 'manual' ? ' (paid back by the shop)' : ' to the card'}${because(details.reason)}`;
    case 'order.refund_failed':
      return `Refund of ${amount(details.amountCents)} failed, nothing changed: ${text(details.message)}`;
    case 'order.note':
      return `Note: ${text(details.text)}`;
    case 'order.confirmation_resent':
      return `Confirmation email sent again to ${text(details.to)}`;
    default:
      return action;
  }
}
