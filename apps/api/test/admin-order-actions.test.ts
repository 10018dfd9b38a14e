import { orderResponseSchema } from '@charms/contracts/checkout';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { adminOrderOf, sandboxGateway, shopperOrders } from './admin-orders-support';
import { errorOf, staffApi, useTestApp } from './helper';

const { gateway, switches } = sandboxGateway();
const t = useTestApp({ paymentGateway: gateway });
const placeOrder = shopperOrders(t);
beforeEach(() => {
  switches.unanswered = false;
});

/** The staff role, not an owner: every order action is open to all staff. Signed in once for the file. */
let signedIn: ReturnType<typeof staffApi> | undefined;
const staff = () => (signedIn ??= staffApi(t, { role: 'staff', name: 'Sam Staff' }));

/** Everything an action could change about an order, to check that a refused one changed nothing. */
async function snapshot(id: string) {
  const db = t.database.db;
  const [order] = await queryRows(
    db,
    sql`select status, refunded_cents, carrier, tracking_number, shipped_at, cancelled_at, paid_at from orders where id = ${id}`,
  );
  const [counts] = await queryRows(
    db,
    sql`select (select count(*)::int from audit_events where subject_id = ${id}) as audits,
               (select count(*)::int from order_refunds where order_id = ${id}) as refunds,
               (select count(*)::int from email_outbox where order_id = ${id}) as emails`,
  );
  return { order, counts };
}

const auditRows = (id: string, action: string) =>
  queryRows<{ staffId: string | null; actor: string; ip: string | null; at: string | Date; details: Record<string, unknown> }>(
    t.database.db,
    sql`select staff_id as "staffId", actor, ip, at, details from audit_events where subject_id = ${id} and action = ${action} order by at`,
  );

const refundRows = (id: string) =>
  queryRows<{ amountCents: number; method: string; status: string; transactionId: string | null }>(
    t.database.db,
    sql`select amount_cents as "amountCents", method, status, transaction_id as "transactionId" from order_refunds where order_id = ${id} order by created_at`,
  );

/** An order taken by phone and paid by check, as the phone-order call writes it: awaiting payment, no charge. */
async function checkOrder() {
  const placed = await placeOrder();
  await t.database.db.execute(
    sql`update orders set source = 'phone', payment_method = 'check', status = 'awaiting_payment', paid_at = null, payment_transaction_id = null,
               card_description = null where id = ${placed.id}`,
  );
  return placed;
}

describe('shipping', () => {
  it('ships with the tracking number, queues the shipping email with the tracking link, and the shopper sees it', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    const before = Date.now();
    const shipped = adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/ship`, { carrier: 'UPS', trackingNumber: '1z 999aa1 0123456784' }));
    const url = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    expect(shipped).toMatchObject({ order: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: url }, trackingUrl: url });
    expect(shipped.shippedAt).not.toBeNull();
    expect(shipped.allowedActions).toEqual(['refund']);
    expect(shipped.events.at(-1)).toMatchObject({ actor: 'Sam Staff', action: 'order.shipped', summary: 'Shipped with UPS, tracking 1Z999AA10123456784' });

    const [audit] = await auditRows(placed.id, 'order.shipped');
    expect(audit).toMatchObject({ staffId: sam.staff.id, actor: 'Sam Staff', ip: '127.0.0.1', details: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } });
    expect(new Date(audit!.at).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const emails = await queryRows<{ to: string; subject: string; text: string; html: string }>(
      t.database.db,
      sql`select "to", subject, text, html from email_outbox where order_id = ${placed.id} and kind = 'order_shipped'`,
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to).toBe(placed.order.email);
    expect(emails[0]!.subject).toBe(`Your order ${placed.number} has shipped`);
    expect(emails[0]!.text).toContain(`Track your parcel: ${url}`);
    expect(emails[0]!.html).toContain(`href="${url}"`);

    // The shopper's signed link shows the new status and the tracking link.
    const view = await t.app.inject(`/api${placed.order.signedPath.replace('/order/confirmation/', '/orders/')}`);
    expect(orderResponseSchema.parse(view.json()).order).toMatchObject({ status: 'shipped', trackingUrl: url, carrier: 'UPS' });
  });

  it('refuses to ship a cancelled or unpaid order, or to ship twice: 409 with the reason, nothing changed', async () => {
    const sam = await staff();
    const parcel = { carrier: 'USPS', trackingNumber: '9400111899223857264803' };
    const cancelled = await placeOrder();
    adminOrderOf(await sam.call('POST', `/admin-orders/${cancelled.id}/cancel`, { reason: 'Shopper asked' }));
    const before = await snapshot(cancelled.id);
    const response = await sam.call('POST', `/admin-orders/${cancelled.id}/ship`, parcel);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'ORDER_STATUS_CONFLICT', message: 'Only a paid order can be shipped; this one is cancelled.' });
    expect(await snapshot(cancelled.id)).toEqual(before);

    const unpaid = await checkOrder();
    const unpaidResponse = await sam.call('POST', `/admin-orders/${unpaid.id}/ship`, parcel);
    expect(unpaidResponse.statusCode).toBe(409);
    expect(errorOf(unpaidResponse).message).toBe('This order is awaiting payment: mark the payment received before shipping it.');

    const twice = await placeOrder();
    adminOrderOf(await sam.call('POST', `/admin-orders/${twice.id}/ship`, parcel));
    expect((await sam.call('POST', `/admin-orders/${twice.id}/ship`, { carrier: 'DHL', trackingNumber: '1234567890' })).statusCode).toBe(409);
    const [row] = await queryRows<{ carrier: string }>(t.database.db, sql`select carrier from orders where id = ${twice.id}`);
    expect(row!.carrier).toBe('USPS');
  });

  it('refuses a bad carrier or tracking number with a clear 400', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    const carrier = await sam.call('POST', `/admin-orders/${placed.id}/ship`, { carrier: 'Pony', trackingNumber: '12345678' });
    expect(carrier.statusCode).toBe(400);
    expect(errorOf(carrier).message).toContain('carrier must be one of USPS, UPS, FedEx, DHL');
    const number = await sam.call('POST', `/admin-orders/${placed.id}/ship`, { carrier: 'UPS', trackingNumber: '<script>' });
    expect(number.statusCode).toBe(400);
    expect((await snapshot(placed.id)).order).toMatchObject({ status: 'paid' });
  });
});

describe('refunds through the test gateway', () => {
  it('refunds part, then the rest: the order is refunded, each refund its own gateway transaction', async () => {
    const sam = await staff();
    const placed = await placeOrder({ quantity: 2 });
    await gateway.settle(placed.transactionId!);
    const part = 500;
    const first = adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: part, reason: 'Scratched clasp' }));
    expect(first.order.status).toBe('paid');
    expect(first.refunded.cents).toBe(part);
    expect(first.refundable.cents).toBe(placed.totalCents - part);
    expect(first.events.at(-1)).toMatchObject({ action: 'order.refunded', summary: `Refunded $5.00 to the card: Scratched clasp`, ip: '127.0.0.1', actor: 'Sam Staff' });

    const rest = placed.totalCents - part;
    const second = adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: rest, reason: 'Returned' }));
    expect(second.order.status).toBe('refunded');
    expect(second.refunded.cents).toBe(placed.totalCents);
    expect(second.refundable.cents).toBe(0);
    expect(second.allowedActions).toEqual([]);
    expect(second.refunds.map((refund) => [refund.amount.cents, refund.method, refund.status, refund.by])).toEqual([
      [part, 'refund', 'succeeded', 'Sam Staff'],
      [rest, 'refund', 'succeeded', 'Sam Staff'],
    ]);
    const rows = await refundRows(placed.id);
    expect(new Set(rows.map((row) => row.transactionId)).size).toBe(2);
    expect(await gateway.transaction(placed.transactionId!)).toMatchObject({ refundedCents: placed.totalCents });
    expect(await auditRows(placed.id, 'order.refunded')).toHaveLength(2);
  });

  it('refuses a refund above what is left, and any refund of a refunded or cancelled order: 409, nothing changed', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    await gateway.settle(placed.transactionId!);
    adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: 100, reason: 'Goodwill' }));
    const before = await snapshot(placed.id);
    const tooMuch = await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: placed.totalCents, reason: 'All of it' });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch).message).toMatch(/^A refund can be at most \$[\d.,]+, what is left of the \$[\d.,]+ paid\.$/);
    expect(await snapshot(placed.id)).toEqual(before);
    expect(await gateway.transaction(placed.transactionId!)).toMatchObject({ refundedCents: 100 });

    adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: placed.totalCents - 100, reason: 'Returned' }));
    const again = await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: 1, reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Only a paid or shipped order can be refunded; this one is refunded.');
    const cancelRefunded = await sam.call('POST', `/admin-orders/${placed.id}/cancel`, { reason: 'Too late' });
    expect(cancelRefunded.statusCode).toBe(409);
    expect(errorOf(cancelRefunded).message).toBe('Only an order awaiting payment or paid can be cancelled; this one is refunded.');

    const cancelled = await placeOrder();
    adminOrderOf(await sam.call('POST', `/admin-orders/${cancelled.id}/cancel`, { reason: 'Duplicate' }));
    const cancelledBefore = await snapshot(cancelled.id);
    expect((await sam.call('POST', `/admin-orders/${cancelled.id}/refunds`, { amountCents: 1, reason: 'x' })).statusCode).toBe(409);
    expect((await sam.call('POST', `/admin-orders/${cancelled.id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
    expect(await snapshot(cancelled.id)).toEqual(cancelledBefore);
  });

  it('refuses an amount that is not a whole number of cents, or not a number, with 400 in words', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    const before = await snapshot(placed.id);
    const cases: [unknown, string][] = [
      [12.5, 'must be a whole number of cents'],
      ['100', 'must be a number'],
      [0, 'must be at least 1 cent'],
    ];
    for (const [amountCents, message] of cases) {
      const response = await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents, reason: 'Goodwill' });
      expect(response.statusCode, String(amountCents)).toBe(400);
      expect(errorOf(response).details, String(amountCents)).toEqual([{ field: 'amountCents', message }]);
    }
    expect(await snapshot(placed.id)).toEqual(before);
  });

  it('two refunds at once that together exceed the total: exactly one is made', async () => {
    const sam = await staff();
    const placed = await placeOrder({ quantity: 2 });
    await gateway.settle(placed.transactionId!);
    const amountCents = Math.ceil(placed.totalCents * 0.6);
    const answers = await Promise.all([
      sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents, reason: 'first' }),
      sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents, reason: 'second' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [row] = await queryRows<{ refunded: number; status: string }>(t.database.db, sql`select refunded_cents as refunded, status from orders where id = ${placed.id}`);
    expect(row).toEqual({ refunded: amountCents, status: 'paid' });
    expect((await refundRows(placed.id)).map((refund) => refund.status)).toEqual(['succeeded']);
    expect(await gateway.transaction(placed.transactionId!)).toMatchObject({ refundedCents: amountCents });
  });

  it('when the gateway does not answer: 503, the amount given back, the try kept in the trail', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    await gateway.settle(placed.transactionId!);
    switches.unanswered = true;
    const response = await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: 300, reason: 'Goodwill' });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)).toMatchObject({ code: 'PAYMENT_GATEWAY_UNAVAILABLE', message: expect.stringContaining('Nothing was refunded and the order is as it was.') });
    switches.unanswered = false;
    const after = adminOrderOf(await sam.call('GET', `/admin-orders/${placed.id}`));
    expect(after).toMatchObject({ order: { status: 'paid' }, refunded: { cents: 0 }, refundable: { cents: placed.totalCents } });
    expect(after.refunds.map((refund) => refund.status)).toEqual(['failed']);
    expect(after.events.at(-1)).toMatchObject({ action: 'order.refund_failed', summary: expect.stringContaining('Refund of $3.00 failed, nothing changed') });
    expect(await gateway.transaction(placed.transactionId!)).toMatchObject({ refundedCents: 0 });
    // And it can be tried again.
    expect(adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: 300, reason: 'Goodwill' })).refunded.cents).toBe(300);
  });

  it('an unsettled charge cannot be refunded yet: 409 saying to cancel instead, amount given back', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    const response = await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: 100, reason: 'Goodwill' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'PAYMENT_NOT_SETTLED', message: expect.stringContaining('cancel the order: that voids the charge') });
    expect((await snapshot(placed.id)).order).toMatchObject({ status: 'paid', refunded_cents: 0 });
  });
});

describe('cancelling', () => {
  it('voids an unsettled card charge', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    const cancelled = adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/cancel`, { reason: 'Shopper changed her mind' }));
    expect(cancelled).toMatchObject({ order: { status: 'cancelled' }, refunded: { cents: placed.totalCents }, allowedActions: [] });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(await refundRows(placed.id)).toEqual([{ amountCents: placed.totalCents, method: 'void', status: 'succeeded', transactionId: placed.transactionId }]);
    expect(await gateway.transaction(placed.transactionId!)).toMatchObject({ status: 'voided' });
    expect(cancelled.events.at(-1)!.summary).toMatch(/^Cancelled: Shopper changed her mind; the card charge of \$[\d.]+ was voided$/);
    expect(await auditRows(placed.id, 'order.cancelled')).toEqual([expect.objectContaining({ staffId: sam.staff.id, ip: '127.0.0.1' })]);
  });

  it('refunds a settled charge, or what is left of it after a partial refund', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    await gateway.settle(placed.transactionId!);
    adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: 200, reason: 'Goodwill' }));
    const cancelled = adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/cancel`, { reason: 'Out of stock' }));
    expect(cancelled).toMatchObject({ order: { status: 'cancelled' }, refunded: { cents: placed.totalCents } });
    expect((await refundRows(placed.id)).map((row) => [row.amountCents, row.method, row.status])).toEqual([
      [200, 'refund', 'succeeded'],
      [placed.totalCents - 200, 'refund', 'succeeded'],
    ]);
    expect(await gateway.transaction(placed.transactionId!)).toMatchObject({ status: 'settled', refundedCents: placed.totalCents });
  });

  it('cancels an order awaiting a check without any money moving; a paid check order is paid back by the shop', async () => {
    const sam = await staff();
    const waiting = await checkOrder();
    const cancelled = adminOrderOf(await sam.call('POST', `/admin-orders/${waiting.id}/cancel`, { reason: 'Never paid' }));
    expect(cancelled).toMatchObject({ order: { status: 'cancelled' }, refunded: { cents: 0 }, refunds: [] });

    const paid = await checkOrder();
    const marked = adminOrderOf(await sam.call('POST', `/admin-orders/${paid.id}/mark-paid`, { reference: 'Check 1043' }));
    expect(marked.order.status).toBe('paid');
    expect(marked.events.at(-1)).toMatchObject({ action: 'order.paid', summary: 'Payment received (Check 1043)', actor: 'Sam Staff' });
    const refunded = adminOrderOf(await sam.call('POST', `/admin-orders/${paid.id}/refunds`, { amountCents: 150, reason: 'Goodwill' }));
    expect(refunded.refunds).toEqual([expect.objectContaining({ method: 'manual', status: 'succeeded', amount: expect.objectContaining({ cents: 150 }) })]);
    const paidBack = adminOrderOf(await sam.call('POST', `/admin-orders/${paid.id}/cancel`, { reason: 'Out of stock' }));
    expect(paidBack).toMatchObject({ order: { status: 'cancelled' }, refunded: { cents: paid.totalCents } });
    expect(paidBack.refunds.map((refund) => refund.method)).toEqual(['manual', 'manual']);

    // Marking paid twice is refused.
    const again = await sam.call('POST', `/admin-orders/${paid.id}/mark-paid`, {});
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Only an order awaiting payment can be marked paid; this one is cancelled.');
  });
});

describe('confirmation again, and notes', () => {
  it('queues the confirmation again on each resend, each visible in the trail', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/resend-confirmation`));
    const second = adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/resend-confirmation`, {}));
    expect(second.events.filter((event) => event.action === 'order.confirmation_resent').map((event) => event.summary)).toEqual([
      `Confirmation email sent again to ${placed.order.email}`,
      `Confirmation email sent again to ${placed.order.email}`,
    ]);
    const emails = await queryRows<{ kind: string; subject: string }>(t.database.db, sql`select kind, subject from email_outbox where order_id = ${placed.id} order by created_at`);
    expect(emails.map((email) => email.kind.replace(/:.*/, ''))).toEqual(['order_confirmation', 'order_confirmation_resend', 'order_confirmation_resend']);
    // The same email each time: the confirmation of this order.
    expect(new Set(emails.map((email) => email.subject)).size).toBe(1);
    expect(emails[0]!.subject).toContain(placed.number);

    const cancelled = await placeOrder();
    adminOrderOf(await sam.call('POST', `/admin-orders/${cancelled.id}/cancel`, { reason: 'Duplicate' }));
    const refused = await sam.call('POST', `/admin-orders/${cancelled.id}/resend-confirmation`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('This order is cancelled: its confirmation is not sent again.');
  });

  it('keeps an internal note, markup as text, in the trail', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    const noted = adminOrderOf(await sam.call('POST', `/admin-orders/${placed.id}/notes`, { text: 'Called back <b>twice</b>\nwants gift wrap' }));
    expect(noted.events.at(-1)).toMatchObject({ action: 'order.note', summary: 'Note: Called back <b>twice</b>\nwants gift wrap', actor: 'Sam Staff', ip: '127.0.0.1' });
    expect(noted.order.status).toBe('paid');
    expect((await sam.call('POST', `/admin-orders/${placed.id}/notes`, { text: '   ' })).statusCode).toBe(400);
  });
});

describe('the guard on order actions', () => {
  it('refuses every action without the CSRF token: 403, nothing changed', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    await gateway.settle(placed.transactionId!);
    const before = await snapshot(placed.id);
    const actions: [string, unknown][] = [
      ['mark-paid', {}],
      ['ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }],
      ['cancel', { reason: 'x' }],
      ['refunds', { amountCents: 100, reason: 'x' }],
      ['resend-confirmation', {}],
      ['notes', { text: 'x' }],
    ];
    for (const [action, body] of actions) {
      const response = await sam.call('POST', `/admin-orders/${placed.id}/${action}`, body, { csrf: false });
      expect(response.statusCode, action).toBe(403);
      expect(errorOf(response).code).toBe('CSRF_TOKEN_INVALID');
    }
    expect(await snapshot(placed.id)).toEqual(before);
    expect(await gateway.transaction(placed.transactionId!)).toMatchObject({ status: 'settled', refundedCents: 0 });
  });

  it('answers 401 without a session and 404 for an order that does not exist', async () => {
    const placed = await placeOrder();
    for (const action of ['mark-paid', 'ship', 'cancel', 'refunds', 'resend-confirmation', 'notes']) {
      const response = await t.app.inject({ method: 'POST', url: `/api/admin-orders/${placed.id}/${action}`, payload: {} });
      expect(response.statusCode, action).toBe(401);
    }
    const sam = await staff();
    const missing = await sam.call('POST', '/admin-orders/00000000-0000-4000-8000-000000000000/notes', { text: 'hello' });
    expect(missing.statusCode).toBe(404);
    expect((await sam.call('POST', '/admin-orders/CB-100001/notes', { text: 'hello' })).statusCode).toBe(400);
  });
});

describe('refunds interrupted before their outcome was recorded', () => {
  /** What a process leaves behind when it dies between reserving a refund and recording the gateway's answer. */
  async function interruptedRefund(orderId: string, amountCents: number, purpose: 'refund' | 'cancel') {
    await t.database.db.execute(
      sql`with reserved as (
            insert into order_refunds (id, order_id, amount_cents, reason, method, purpose, status, created_at, updated_at)
            values (gen_random_uuid(), ${orderId}, ${amountCents}, 'Goodwill', 'refund', ${purpose}, 'pending', now() - interval '10 minutes', now() - interval '10 minutes')
          )
          update orders set refunded_cents = refunded_cents + ${amountCents} where id = ${orderId}`,
    );
  }

  it('holds the order until settled, then records a refund the gateway made, and the order can be shipped again', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    await gateway.settle(placed.transactionId!);
    await gateway.refund(placed.transactionId!, 250);
    await interruptedRefund(placed.id, 250, 'refund');
    const held = await sam.call('POST', `/admin-orders/${placed.id}/ship`, { carrier: 'USPS', trackingNumber: '9400111899223856928499' });
    expect(held.statusCode).toBe(409);

    expect(await t.app.checkout.settleRefundsNow({ interruptedAfterMs: 60_000 })).toMatchObject({ made: 1, givenBack: 0 });
    const after = adminOrderOf(await sam.call('GET', `/admin-orders/${placed.id}`));
    expect(after).toMatchObject({ order: { status: 'paid' }, refunded: { cents: 250 }, allowedActions: expect.arrayContaining(['ship']) });
    expect(after.refunds.map((refund) => refund.status)).toEqual(['succeeded']);
    expect(await auditRows(placed.id, 'order.refunded')).toEqual([expect.objectContaining({ staffId: null, actor: 'System' })]);
    expect((await sam.call('POST', `/admin-orders/${placed.id}/ship`, { carrier: 'USPS', trackingNumber: '9400111899223856928499' })).statusCode).toBe(200);
  });

  it('gives the amount back when the gateway never made it', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    await gateway.settle(placed.transactionId!);
    await interruptedRefund(placed.id, 400, 'refund');
    expect(await t.app.checkout.settleRefundsNow({ interruptedAfterMs: 60_000 })).toMatchObject({ made: 0, givenBack: 1 });
    const after = adminOrderOf(await sam.call('GET', `/admin-orders/${placed.id}`));
    expect(after).toMatchObject({ order: { status: 'paid' }, refunded: { cents: 0 }, refundable: { cents: placed.totalCents } });
    expect(after.refunds.map((refund) => refund.status)).toEqual(['failed']);
  });

  it('completes a cancel whose void the gateway made', async () => {
    const placed = await placeOrder();
    await gateway.void(placed.transactionId!);
    await interruptedRefund(placed.id, placed.totalCents, 'cancel');
    expect(await t.app.checkout.settleRefundsNow({ interruptedAfterMs: 60_000 })).toMatchObject({ made: 1 });
    const [row] = await queryRows<{ status: string; refunded: number }>(t.database.db, sql`select status, refunded_cents as refunded from orders where id = ${placed.id}`);
    expect(row).toEqual({ status: 'cancelled', refunded: placed.totalCents });
    expect((await refundRows(placed.id)).map((refund) => [refund.method, refund.status])).toEqual([['void', 'succeeded']]);
  });

  it('leaves a refund alone while it may still be under way', async () => {
    const placed = await placeOrder();
    await gateway.settle(placed.transactionId!);
    await interruptedRefund(placed.id, 100, 'refund');
    expect(await t.app.checkout.settleRefundsNow({ interruptedAfterMs: 30 * 60_000 })).toMatchObject({ made: 0, givenBack: 0 });
    expect((await refundRows(placed.id)).map((refund) => refund.status)).toEqual(['pending']);
  });
});

describe('a refund asked while a cancel gives the money back', () => {
  it('is told the order is being cancelled, not that it was refunded in full', async () => {
    const sam = await staff();
    const placed = await placeOrder();
    await t.database.db.execute(
      sql`with reserved as (
            insert into order_refunds (id, order_id, amount_cents, reason, method, purpose, status)
            values (gen_random_uuid(), ${placed.id}, ${placed.totalCents}, 'Out of stock', 'refund', 'cancel', 'pending')
          )
          update orders set refunded_cents = total_cents where id = ${placed.id}`,
    );
    const response = await sam.call('POST', `/admin-orders/${placed.id}/refunds`, { amountCents: 100, reason: 'Goodwill' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('This order is being cancelled right now, and all that is left of its payment is being given back.');
  });
});
