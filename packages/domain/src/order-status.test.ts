import { describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, ORDER_STATUSES, type OrderStatus, transition } from './order-status';

const money = { totalCents: 10_000, refundedCents: 0 };

describe('the order state machine', () => {
  it('takes a check order from awaiting payment to paid to shipped', () => {
    expect(transition('awaiting_payment', 'mark_paid')).toEqual({ ok: true, status: 'paid' });
    expect(transition('paid', 'ship')).toEqual({ ok: true, status: 'shipped' });
  });

  it('cancels what has not shipped, and nothing after', () => {
    expect(transition('awaiting_payment', 'cancel')).toEqual({ ok: true, status: 'cancelled' });
    expect(transition('paid', 'cancel')).toEqual({ ok: true, status: 'cancelled' });
    expect(transition('shipped', 'cancel')).toEqual({ ok: false, message: expect.stringContaining('refund it instead') });
  });

  it('refuses to ship a cancelled, refunded or unpaid order, saying why', () => {
    expect(transition('cancelled', 'ship')).toEqual({ ok: false, message: expect.stringContaining('cancelled') });
    expect(transition('refunded', 'ship')).toEqual({ ok: false, message: expect.stringContaining('refunded') });
    expect(transition('awaiting_payment', 'ship')).toEqual({ ok: false, message: expect.stringContaining('mark the payment received') });
  });

  it('keeps the status on a partial refund and ends refunded when nothing is left', () => {
    expect(transition('shipped', 'refund', { ...money, amountCents: 2_500 })).toEqual({ ok: true, status: 'shipped' });
    expect(transition('shipped', 'refund', { totalCents: 10_000, refundedCents: 2_500, amountCents: 7_500 })).toEqual({ ok: true, status: 'refunded' });
    expect(transition('paid', 'refund', { ...money, amountCents: 10_000 })).toEqual({ ok: true, status: 'refunded' });
  });

  it('never refunds more than is left, nothing, or a fraction of a cent', () => {
    expect(transition('paid', 'refund', { totalCents: 10_000, refundedCents: 2_500, amountCents: 7_501 })).toEqual({
      ok: false,
      message: 'A refund can be at most $75.00, what is left of the $100.00 paid.',
    });
    expect(transition('paid', 'refund', { ...money, amountCents: 0 }).ok).toBe(false);
    expect(transition('paid', 'refund', { ...money, amountCents: 10.5 }).ok).toBe(false);
    expect(transition('paid', 'refund', { totalCents: 10_000, refundedCents: 10_000, amountCents: 1 })).toEqual({ ok: false, message: 'This order has been refunded in full already.' });
    expect(transition('awaiting_payment', 'refund', { ...money, amountCents: 100 })).toEqual({ ok: false, message: expect.stringContaining('cancel it instead') });
  });

  it('lets staff act on no order whose payment is still being taken', () => {
    const inFlight: OrderStatus[] = ['pending_payment', 'payment_unknown'];
    for (const status of inFlight) for (const action of ORDER_ACTIONS) expect(transition(status, action, { ...money, amountCents: 100 }).ok).toBe(false);
  });

  it('ends nowhere it did not start: every allowed move lands on a known status', () => {
    for (const status of ORDER_STATUSES) {
      for (const action of ORDER_ACTIONS) {
        const result = transition(status, action, { ...money, amountCents: 100 });
        if (result.ok) expect(ORDER_STATUSES).toContain(result.status);
        else expect(result.message.length).toBeGreaterThan(10);
      }
    }
  });
});
