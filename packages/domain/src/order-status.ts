/**
 * Where an order stands, and the one state machine every change of it follows. Checkout moves an order through
 * pending_payment (its card being charged) or payment_unknown (the gateway's answer lost, settled later) to paid;
 * a phone order paid by check waits as awaiting_payment. Staff then act on it: mark a check received, ship,
 * cancel, refund. Anything else is refused with a sentence saying why, and changes nothing.
 */
import { formatCents } from './money';

export const ORDER_STATUSES = ['pending_payment', 'payment_unknown', 'awaiting_payment', 'paid', 'shipped', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending_payment: 'Payment in progress',
  payment_unknown: 'Payment being confirmed',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** What staff can do to an order's status. */
export const ORDER_ACTIONS = ['mark_paid', 'ship', 'cancel', 'refund'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const ALLOWED_FROM: Readonly<Record<OrderAction, readonly OrderStatus[]>> = {
  mark_paid: ['awaiting_payment'],
  ship: ['paid'],
  cancel: ['awaiting_payment', 'paid'],
  refund: ['paid', 'shipped'],
};

const WHY_NOT: Readonly<Record<OrderAction, (status: OrderStatus) => string>> = {
  mark_paid: (status) => `Only an order awaiting payment can be marked paid; this one is ${STATUS_LABELS[status].toLowerCase()}.`,
  ship: (status) =>
    status === 'awaiting_payment'
      ? 'This order is awaiting payment: mark the payment received before shipping it.'
      : `Only a paid order can be shipped; this one is ${STATUS_LABELS[status].toLowerCase()}.`,
  cancel: (status) =>
    status === 'shipped'
      ? 'This order has shipped and can no longer be cancelled: refund it instead.'
      : `Only an order awaiting payment or paid can be cancelled; this one is ${STATUS_LABELS[status].toLowerCase()}.`,
  refund: (status) =>
    status === 'awaiting_payment'
      ? 'Nothing was paid for this order yet, so there is nothing to refund: cancel it instead.'
      : `Only a paid or shipped order can be refunded; this one is ${STATUS_LABELS[status].toLowerCase()}.`,
};

export type Transition = { ok: true; status: OrderStatus } | { ok: false; message: string };

/** The money an order took and has given back, in cents. */
export interface OrderMoney {
  totalCents: number;
  refundedCents: number;
}

/**
 * The status after `action`, or why it cannot happen. A refund needs its amount: more than nothing and no more
 * than what is left of the charge; the order counts as refunded once nothing is left.
 */
export function transition(status: OrderStatus, action: OrderAction, money?: OrderMoney & { amountCents?: number }): Transition {
  if (!ALLOWED_FROM[action].includes(status)) return { ok: false, message: WHY_NOT[action](status) };
  if (action === 'mark_paid') return { ok: true, status: 'paid' };
  if (action === 'ship') return { ok: true, status: 'shipped' };
  if (action === 'cancel') return { ok: true, status: 'cancelled' };
  const { totalCents = 0, refundedCents = 0, amountCents = 0 } = money ?? {};
  const left = totalCents - refundedCents;
  if (left <= 0) return { ok: false, message: 'This order has been refunded in full already.' };
  if (!Number.isInteger(amountCents) || amountCents <= 0) return { ok: false, message: 'A refund must be more than $0.00.' };
  if (amountCents > left) return { ok: false, message: `A refund can be at most ${formatCents(left)}, what is left of the ${formatCents(totalCents)} paid.` };
  return { ok: true, status: amountCents === left ? 'refunded' : status };
}
