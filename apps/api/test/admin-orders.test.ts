import { randomBytes } from 'node:crypto';
import { adminOrderListResponseSchema, dashboardSchema } from '@charms/contracts/admin-orders';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOrderOf, type PlacedOrder, sandboxGateway, shopperOrders } from './admin-orders-support';
import { errorOf, staffApi, useTestApp } from './helper';
import { saveSettings } from './settings-support';

const { gateway } = sandboxGateway();
const t = useTestApp({ paymentGateway: gateway });
const placeOrder = shopperOrders(t);
/** The staff role, not an owner; signed in once for the file. */
let sam: Awaited<ReturnType<typeof staffApi>>;

async function list(query: Record<string, string>) {
  const response = await sam.call('GET', `/admin-orders?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return adminOrderListResponseSchema.parse(response.json());
}
const numbers = (result: { orders: { number: string }[] }) => result.orders.map((order) => order.number);

/** Three shoppers with their own names, emails and phones; one placed "last January" (store time). */
const tag = randomBytes(3).toString('hex');
let ann: PlacedOrder;
let bob: PlacedOrder;
let cy: PlacedOrder;
beforeAll(async () => {
  sam = await staffApi(t, { role: 'staff', name: 'Sam Staff' });
  ann = await placeOrder({ firstName: 'Annabel', lastName: `Quill${tag}`, email: `annabel.${tag}@example.com`, phone: '(512) 555-0199' });
  bob = await placeOrder({ firstName: 'Bob', lastName: `Quill${tag}`, email: `bob.${tag}@example.com`, phone: '737.555.0101', quantity: 3 });
  cy = await placeOrder({ firstName: 'Cy', lastName: `Quill${tag}`, email: `cy.${tag}@example.com`, phone: '+1 214 555 0123', quantity: 2 });
  // 23:30 Central on 14 January 2025 is 05:30 UTC on the 15th.
  await t.database.db.execute(sql`update orders set created_at = '2025-01-15T05:30:00Z' where id = ${cy.id}`);
}, 60_000);

describe('the order list', () => {
  it('finds orders by number, email, name ("First Last" too) and phone (its digits too)', async () => {
    expect(numbers(await list({ q: ann.number }))).toEqual([ann.number]);
    expect(numbers(await list({ q: ann.number.toLowerCase() }))).toEqual([ann.number]);
    expect(numbers(await list({ q: `BOB.${tag}@EXAMPLE` }))).toEqual([bob.number]);
    expect(numbers(await list({ q: `Annabel Quill${tag}` }))).toEqual([ann.number]);
    expect(numbers(await list({ q: `quill${tag}`, sort: 'oldest' }))).toEqual([cy.number, ann.number, bob.number]);
    expect(numbers(await list({ q: '5125550199' }))).toContain(ann.number);
    expect(numbers(await list({ q: '512-555-0199' }))).toContain(ann.number);
    expect(numbers(await list({ q: '737 555 0101' }))).toContain(bob.number);
    const found = (await list({ q: ann.number })).orders[0]!;
    expect(found).toMatchObject({ id: ann.id, status: 'paid', customerName: `Annabel Quill${tag}`, email: `annabel.${tag}@example.com`, source: 'web', paymentMethod: 'card', itemCount: 1 });
    expect(found.total.cents).toBe(ann.totalCents);
  });

  it('filters by status and store days, sorts, and pages with the total count', async () => {
    const q = `quill${tag}`;
    expect(numbers(await list({ q, from: '2025-01-14', to: '2025-01-14' }))).toEqual([cy.number]);
    expect(numbers(await list({ q, from: '2025-01-15', to: '2025-01-31' }))).toEqual([]);
    expect(numbers(await list({ q, from: '2025-01-15' }))).toEqual([ann.number, bob.number].reverse());
    expect(numbers(await list({ q, status: 'paid' }))).toHaveLength(3);
    expect(numbers(await list({ q, status: 'shipped' }))).toEqual([]);
    const byTotal = await list({ q, sort: 'total_desc' });
    expect(numbers(byTotal)).toEqual([bob.number, cy.number, ann.number]);
    expect(numbers(await list({ q, sort: 'total_asc' }))).toEqual([ann.number, cy.number, bob.number]);
    const page2 = await list({ q, sort: 'total_desc', page: '2', pageSize: '1' });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(numbers(page2)).toEqual([cy.number]);
    expect(numbers(await list({ q, page: '4', pageSize: '1' }))).toEqual([]);
  });

  it('counts days in the store\'s time zone setting: an order at 23:30 Chicago time is the next day in New York', async () => {
    const q = `quill${tag}`;
    const olive = await staffApi(t, { name: 'Olive Owner' });
    await saveSettings(olive, { timeZone: 'America/New_York' });
    try {
      expect(numbers(await list({ q, from: '2025-01-14', to: '2025-01-14' }))).toEqual([]);
      expect(numbers(await list({ q, from: '2025-01-15', to: '2025-01-15' }))).toEqual([cy.number]);
      const csv = await sam.call('GET', `/admin-orders/export.csv?q=${q}&from=2025-01-15&to=2025-01-15`);
      const [header, row] = csv.body.trim().split('\r\n');
      expect(header).toContain('Placed (America/New_York)');
      expect(row).toContain(`${cy.number},2025-01-15 00:30,`);
    } finally {
      await saveSettings(olive);
    }
  });

  it('treats SQL, LIKE wildcards and markup in the search as text', async () => {
    for (const q of ["' or 1=1 --", '%', '_', '\\', '%%', `Quill${tag}%`, '<script>alert(1)</script>', "'; drop table orders; --"]) {
      const result = await list({ q });
      expect(result.total, q).toBe(0);
      expect(result.orders, q).toEqual([]);
    }
    // The table is still there, and the search still finds by text.
    expect(numbers(await list({ q: `Quill${tag}` }))).toHaveLength(3);
  });

  it('refuses bad filters with a clear 400', async () => {
    const cases: [string, string][] = [
      ['status=lost', 'status must be one of'],
      ['from=2025-02-30', 'from must be a date such as 2026-11-23'],
      ['from=yesterday', 'from must be a date'],
      ['from=2025-02-01&to=2025-01-01', 'to must be on or after from'],
      ['sort=random', 'sort must be one of'],
      ['page=0', 'page must be at least 1'],
      ['pageSize=1000', 'pageSize must be at most 100'],
    ];
    for (const [query, message] of cases) {
      const response = await sam.call('GET', `/admin-orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).message, query).toContain(message);
    }
  });

  it('lists an order whose checkout is under way, clearly statused', async () => {
    const pending = await placeOrder({ lastName: `Pending${tag}` });
    await t.database.db.execute(sql`update orders set status = 'pending_payment', paid_at = null where id = ${pending.id}`);
    expect((await list({ q: `Pending${tag}` })).orders).toEqual([expect.objectContaining({ number: pending.number, status: 'pending_payment' })]);
  });
});

describe('the CSV export', () => {
  it('has a header row and one row per order with the same filters, escaped, formulas neutralised', async () => {
    const hostile = await placeOrder({ firstName: '=HYPERLINK("http://evil.example","x")', lastName: `Comma, "Q"${tag}`, phone: '+1 512 555 0100', city: '@Austin' });
    const response = await sam.call('GET', `/admin-orders/export.csv?q=${encodeURIComponent(`Comma, "Q"${tag}`)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.headers['x-export-truncated']).toBe('false');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'Order,Placed (America/Chicago),Status,Customer,Email,Phone,Ship to city,Ship to state,Items,Merchandise,Engraving,Assembly,Discount,Shipping,Total,Refunded,Source,Payment,Carrier,Tracking number',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    const row = lines[1]!;
    expect(row.startsWith(`${hostile.number},`)).toBe(true);
    expect(row).toContain(`,Paid,"'=HYPERLINK(""http://evil.example"",""x"") Comma, ""Q""${tag}",`);
    expect(row).toContain(",'+1 512 555 0100,'@Austin,TX,1 x ");
    expect(row).toContain(`,${(hostile.totalCents / 100).toFixed(2)},0.00,Web,Card (Visa ending in 1111),,`);
    // No cell of the row starts a formula.
    expect(row.split(',').some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
  });

  it('follows the list filters and sort', async () => {
    const response = await sam.call('GET', `/admin-orders/export.csv?q=quill${tag}&sort=total_desc&from=2025-01-15`);
    const rows = response.body.trim().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(',')[0])).toEqual([bob.number, ann.number]);
    const bad = await sam.call('GET', '/admin-orders/export.csv?status=nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe('one order', () => {
  it('shows the shopper\'s view, payment, the actions open to it, and a timeline from checkout on', async () => {
    const detail = adminOrderOf(await sam.call('GET', `/admin-orders/${ann.id}`));
    expect(detail).toMatchObject({
      id: ann.id,
      order: { number: ann.number, status: 'paid', trackingUrl: null },
      source: 'web',
      placedBy: null,
      paymentMethod: 'card',
      transactionId: ann.transactionId,
      refunded: { cents: 0 },
      refundable: { cents: ann.totalCents },
      refunds: [],
      shippedAt: null,
      cancelledAt: null,
      trackingUrl: null,
      allowedActions: ['ship', 'cancel', 'refund'],
    });
    expect(detail.events.map((event) => [event.actor, event.action, event.summary])).toEqual([
      ['Shopper', 'order.placed', 'Placed online by the shopper'],
      ['Shopper', 'order.paid', `Paid by card (Visa ending in 1111): ${ann.order.totals.total.display}`],
    ]);
  });

  it('answers 404 for an unknown id, 400 for one that is not a uuid, 401 without a session', async () => {
    const missing = await sam.call('GET', '/admin-orders/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('NOT_FOUND');
    const number = await sam.call('GET', `/admin-orders/${ann.number}`);
    expect(number.statusCode).toBe(400);
    expect(errorOf(number).message).toContain('must be an order id');
    for (const url of ['/admin-orders', `/admin-orders/${ann.id}`, '/admin-orders/export.csv', '/admin-dashboard']) {
      expect((await t.app.inject(`/api${url}`)).statusCode, url).toBe(401);
    }
  });
});

describe('the dashboard', () => {
  it('counts orders to ship and those due today, checks awaited, and today\'s sales', async () => {
    const read = async () => {
      const response = await sam.call('GET', '/admin-dashboard');
      expect(response.statusCode).toBe(200);
      return dashboardSchema.parse(response.json());
    };
    const before = await read();
    const due = await placeOrder();
    await t.database.db.execute(sql`update orders set estimated_ship_date = '2020-01-02' where id = ${due.id}`);
    const later = await placeOrder();
    await t.database.db.execute(sql`update orders set estimated_ship_date = '2999-01-01' where id = ${later.id}`);
    const after = await read();
    expect(after.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(after.sameDayCutoff).getTime()).not.toBeNaN();
    expect(after.toShip.count).toBe(before.toShip.count + 2);
    expect(after.toShip.dueToday).toBe(before.toShip.dueToday + 1);
    expect(after.toShip.orders[0]!.number).toBe(due.number);
    expect(after.salesToday.count).toBe(before.salesToday.count + 2);
    expect(after.salesToday.total.cents).toBe(before.salesToday.total.cents + due.totalCents + later.totalCents);
    expect(after.recentOrders[0]!.number).toBe(later.number);

    await t.database.db.execute(sql`update orders set status = 'awaiting_payment', payment_method = 'check' where id = ${later.id}`);
    const shipped = await sam.call('POST', `/admin-orders/${due.id}/ship`, { carrier: 'FedEx', trackingNumber: '449044304137821' });
    expect(shipped.statusCode).toBe(200);
    const last = await read();
    expect(last.toShip.count).toBe(before.toShip.count);
    expect(last.toShip.dueToday).toBe(before.toShip.dueToday);
    expect(last.awaitingPayment).toBe(before.awaitingPayment + 1);
  });
});
