import { bagResponseSchema } from '@charms/contracts/bag';
import { phoneOrderQuoteSchema, placedPhoneOrderSchema } from '@charms/contracts/admin-orders';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { controllableGateway } from './checkout-support';
import { errorOf, shopperApi, staffApi, useTestApp } from './helper';

const { gateway, state } = controllableGateway();
const t = useTestApp({ paymentGateway: gateway });
const shopper = shopperApi(t);
let staff: Awaited<ReturnType<typeof staffApi>>;

/** Products of the seeded catalog the orders use. */
const catalog = {} as {
  /** A charm that takes engraving, made in 14k gold (metal 10). */
  goldTag: { id: number; maxChars: number };
  /** A bracelet made in sterling silver, with its sizes. */
  bracelet: { id: number; sizes: number[] };
  /** A charm without engraving, made in sterling silver. */
  plainCharm: { id: number };
  /** A product not made in gold plate (metal 50). */
  notInGoldPlate: { id: number };
};

beforeAll(async () => {
  staff = await staffApi(t, { name: 'Pat Phone', role: 'staff' });
  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;
  catalog.goldTag = await one(sql`select p.id, p.engraving_max_chars as "maxChars" from products p join product_prices pp on pp.product_id = p.id and pp.metal_id = 10
                                  where p.kind = 'charm' and p.engraving_max_chars >= 10 order by p.id limit 1`);
  catalog.bracelet = await one(sql`select p.id, p.sizes from products p join product_prices pp on pp.product_id = p.id and pp.metal_id = 40
                                   where p.kind = 'bracelet' and cardinality(p.sizes) > 1 order by p.id limit 1`);
  catalog.plainCharm = await one(sql`select p.id from products p join product_prices pp on pp.product_id = p.id and pp.metal_id = 40
                                     where p.kind = 'charm' and p.engraving_max_chars is null order by p.id limit 1`);
  catalog.notInGoldPlate = await one(sql`select p.id from products p where not exists (select 1 from product_prices pp where pp.product_id = p.id and pp.metal_id = 50)
                                         and exists (select 1 from product_prices pp where pp.product_id = p.id) order by p.id limit 1`);
});
beforeEach(() => {
  Object.assign(state, { sales: [], loseAnswer: null, lookupFails: false, onApproved: null, beforeCharge: null, acceptAnyNonce: false, voided: [] });
});

const address = { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' };
/** The engraved 14k gold charm (2) and a bracelet, assembled. */
const items = () => [
  { productId: catalog.goldTag.id, metalId: 10, quantity: 2, engraving: { text: 'Ann 2026', font: 'script' } },
  { productId: catalog.bracelet.id, metalId: 40, quantity: 1, braceletSize: catalog.bracelet.sizes[1]! },
];
const phoneOrder = (overrides: Record<string, unknown> = {}) => ({
  customer: { email: 'ann@example.com', phone: '512-555-0142' },
  shippingAddress: address,
  items: items(),
  charmAssembly: true,
  payment: { method: 'card', paymentMethodNonce: 'fake-valid-nonce' },
  idempotencyKey: randomUUID(),
  ...overrides,
});

const count = async (table: 'orders' | 'user_sessions' | 'email_outbox') =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
const orderRow = async (id: string) =>
  (
    await queryRows<{ status: string; source: string; placedBy: string | null; paymentMethod: string; sessionId: string }>(
      t.database.db,
      sql`select status, source, placed_by_staff_id as "placedBy", payment_method as "paymentMethod", session_id as "sessionId" from orders where id = ${id}`,
    )
  )[0];
async function place(body: unknown) {
  const response = await staff.call('POST', '/admin-orders', body);
  expect(response.statusCode, response.body).toBe(201);
  return placedPhoneOrderSchema.parse(response.json());
}

describe('a phone order', () => {
  it('is priced exactly as the same items in a shopper\'s bag, paid by card with one charge, and audited', async () => {
    const session = await shopper.newSession();
    for (const item of items()) expect((await shopper.call(session, 'POST', '/shopping-cart/items', item)).statusCode).toBe(200);
    expect((await shopper.call(session, 'GET', '/shopping-cart/add/charm-assembly')).statusCode).toBe(200);
    expect((await shopper.call(session, 'GET', '/shopping-cart/add/promo-code/WELCOME10')).statusCode).toBe(200);
    const bag = bagResponseSchema.parse((await shopper.call(session, 'GET', '/shopping-cart?includeSuggestedItems=false')).json()).tempOrder;

    const { id, order } = await place(phoneOrder({ promoCode: 'welcome10' }));
    // Line for line: the engraved gold charm, its (free) engraving, the bracelet, assembly.
    expect(order.lines.map((line) => [line.kind, line.description, line.quantity, line.unitPrice.cents, line.lineTotal.cents])).toEqual(
      bag.tempOrderItems.map((item) => [
        item.isAdditionalCharacters ? 'additional_characters' : item.isCharmAssembly ? 'charm_assembly' : 'product',
        item.description,
        item.quantity,
        item.unitPrice.cents,
        item.lineTotal.cents,
      ]),
    );
    expect(order.lines).toHaveLength(4);
    expect(order.lines[0]).toMatchObject({ engraving: { text: 'Ann 2026', font: 'Script' }, quantity: 2 });
    expect(order.totals).toEqual(bag.totals);
    expect(order.totals.discount.cents).toBeGreaterThan(0);
    expect(order.totals.assembly.cents).toBe(995);
    expect(order).toMatchObject({ status: 'paid', promoCode: 'WELCOME10', shippingType: { id: 'ground' }, card: 'Visa ending in 1111' });

    expect(state.sales.map((sale) => sale.amountCents)).toEqual([order.totals.total.cents]);
    expect(await orderRow(id)).toMatchObject({ status: 'paid', source: 'phone', placedBy: staff.staff.id, paymentMethod: 'card' });
    const trail = await queryRows<{ action: string; actor: string; ip: string | null; staffId: string | null }>(
      t.database.db,
      sql`select action, actor, ip, staff_id as "staffId" from audit_events where subject_type = 'order' and subject_id = ${id}`,
    );
    expect(trail).toEqual([{ action: 'order.placed', actor: 'Pat Phone', ip: '127.0.0.1', staffId: staff.staff.id }]);
  });

  it('paid by check waits as awaiting_payment: no charge, and an email saying where to send the check', async () => {
    const { id, order } = await place(phoneOrder({ payment: { method: 'check' }, shippingTypeId: 'two-day' }));
    expect(order).toMatchObject({ status: 'awaiting_payment', card: null, shippingType: { id: 'two-day' } });
    expect(order.totals.shipping.cents).toBe(1475);
    expect(state.sales).toEqual([]);
    expect(await orderRow(id)).toMatchObject({ status: 'awaiting_payment', source: 'phone', placedBy: staff.staff.id, paymentMethod: 'check' });
    const emails = await queryRows<{ to: string; text: string }>(t.database.db, sql`select "to", text from email_outbox where order_id = ${id}`);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to).toBe('ann@example.com');
    expect(emails[0]!.text).toContain(`We are waiting for your check: please mail ${order.totals.total.display}`);
    expect(emails[0]!.text).toContain('100 Congress Ave, Austin, TX 78701');
    expect(emails[0]!.text).toContain(order.number);
    const trail = await queryRows<{ action: string; actor: string }>(t.database.db, sql`select action, actor from audit_events where subject_id = ${id}`);
    expect(trail).toEqual([{ action: 'order.placed', actor: 'Pat Phone' }]);
    // The order's own bag is emptied, as a shopper's is once the order is placed.
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from cart_items i join carts c on c.id = i.cart_id where c.session_id = ${(await orderRow(id))!.sessionId}`,
    );
    expect(left!.n).toBe(0);
  });

  it('takes one order and one charge for the same idempotency key, again or at once', async () => {
    const body = phoneOrder();
    const first = await place(body);
    const again = await place(body);
    expect(again).toEqual(first);
    expect(state.sales).toHaveLength(1);

    // A double click: both calls at once.
    const twice = phoneOrder({ payment: { method: 'card', paymentMethodNonce: 'fake-valid-mastercard-nonce' } });
    const answers = await Promise.all([staff.call('POST', '/admin-orders', twice), staff.call('POST', '/admin-orders', twice)]);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const placed = answers.filter((answer) => answer.statusCode === 201).map((answer) => placedPhoneOrderSchema.parse(answer.json()).order.number);
    expect(placed.length).toBeGreaterThan(0);
    expect(new Set(placed).size).toBe(1);
    expect(state.sales).toHaveLength(2);
    const [rows] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders where idempotency_key = ${twice.idempotencyKey}`);
    expect(rows!.n).toBe(1);
  });

  it('without a key, takes a new order each time', async () => {
    const { idempotencyKey: _, ...body } = phoneOrder();
    const first = await place(body);
    const second = await place(body);
    expect(second.order.number).not.toBe(first.order.number);
    expect(state.sales).toHaveLength(2);
  });

  it.each([
    ['an unknown product', { productId: 999999, metalId: 40, quantity: 1 }, 'items.1.productId'],
    ['a metal the product is not made in', () => ({ productId: catalog.notInGoldPlate.id, metalId: 50, quantity: 1 }), 'items.1.metalId'],
    ['an engraving too long', () => ({ productId: catalog.goldTag.id, metalId: 10, quantity: 1, engraving: { text: 'x'.repeat(catalog.goldTag.maxChars + 1), font: 'block' } }), 'items.1.engraving.text'],
    ['an engraving on a product without engraving', () => ({ productId: catalog.plainCharm.id, metalId: 40, quantity: 1, engraving: { text: 'Hi', font: 'block' } }), 'items.1.engraving.text'],
    ['a bracelet without its size', () => ({ productId: catalog.bracelet.id, metalId: 40, quantity: 1 }), 'items.1.braceletSize'],
    ['a bracelet size it does not come in', () => ({ productId: catalog.bracelet.id, metalId: 40, quantity: 1, braceletSize: 12 }), 'items.1.braceletSize'],
    ['a size on a charm', () => ({ productId: catalog.plainCharm.id, metalId: 40, quantity: 1, braceletSize: 7 }), 'items.1.braceletSize'],
    ['a quantity over the limit', () => ({ productId: catalog.plainCharm.id, metalId: 40, quantity: 100 }), 'items.1.quantity'],
  ])('refuses %s with 400 naming the field, and keeps nothing', async (_name, item, field) => {
    const bad = typeof item === 'function' ? item() : item;
    const [orders, sessions] = [await count('orders'), await count('user_sessions')];
    const body = phoneOrder({ items: [{ productId: catalog.plainCharm.id, metalId: 40, quantity: 1 }, bad] });
    const { customer: _customer, payment: _payment, idempotencyKey: _key, ...quoteBody } = body;
    for (const [url, sent] of [['/admin-orders', body], ['/admin-orders/quote', quoteBody]] as const) {
      const response = await staff.call('POST', url, sent);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
    expect(await count('orders')).toBe(orders);
    expect(await count('user_sessions')).toBe(sessions);
    expect(state.sales).toEqual([]);
  });

  it('names every bad item at once, and a merged line over the quantity limit', async () => {
    const response = await staff.call(
      'POST',
      '/admin-orders',
      phoneOrder({
        items: [
          { productId: catalog.plainCharm.id, metalId: 40, quantity: 60 },
          { productId: 999999, metalId: 40, quantity: 1 },
          { productId: catalog.plainCharm.id, metalId: 40, quantity: 60 },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect((errorOf(response).details as { field: string }[]).map((detail) => detail.field)).toEqual(['items.1.productId', 'items.2.quantity']);
  });

  it('refuses assembly without a bracelet, and a shipping type not offered to the state', async () => {
    const noBracelet = await staff.call('POST', '/admin-orders', phoneOrder({ items: [items()[0]] }));
    expect(noBracelet.statusCode).toBe(400);
    expect(errorOf(noBracelet).details).toEqual([expect.objectContaining({ field: 'charmAssembly' })]);

    const sessions = await count('user_sessions');
    const alaska = await staff.call('POST', '/admin-orders', phoneOrder({ shippingAddress: { ...address, stateProvince: 'AK', postalCode: '99501' }, shippingTypeId: 'next-day' }));
    expect(alaska.statusCode).toBe(400);
    expect(errorOf(alaska).details).toEqual([{ field: 'shippingTypeId', message: 'is not offered to Alaska' }]);
    expect(await count('user_sessions')).toBe(sessions);
    expect(state.sales).toEqual([]);
  });

  it('answers a declined card with 402 and the gateway\'s words, keeps no order, and a retry with another card places it', async () => {
    const [orders, sessions] = [await count('orders'), await count('user_sessions')];
    const body = phoneOrder({ payment: { method: 'card', paymentMethodNonce: 'fake-processor-declined-visa-nonce' } });
    const declined = await staff.call('POST', '/admin-orders', body);
    expect(declined.statusCode).toBe(402);
    expect(errorOf(declined)).toMatchObject({ code: 'PAYMENT_DECLINED', message: expect.stringContaining('Do Not Honor (2000)') });
    expect(await count('orders')).toBe(orders);
    expect(await count('user_sessions')).toBe(sessions);

    const retried = await place({ ...body, payment: { method: 'card', paymentMethodNonce: 'fake-valid-nonce' } });
    expect(retried.order.status).toBe('paid');
    expect(retried.order.lines).toHaveLength(4);
    expect(state.sales).toHaveLength(2);
  });

  it('is placed only at the total staff quoted: a price changed since is said with the new total, nothing is charged or kept, and the new total places it', async () => {
    const small = { items: [{ productId: catalog.plainCharm.id, metalId: 40, quantity: 2 }], charmAssembly: false };
    const quoted = phoneOrderQuoteSchema.parse((await staff.call('POST', '/admin-orders/quote', small)).json()).totals.total;
    const [orders, sessions] = [await count('orders'), await count('user_sessions')];
    // The owner raises the charm's price by a dollar while the customer is on the phone.
    const raise = (cents: number) => t.database.db.execute(sql`update product_prices set price_cents = price_cents + ${cents} where product_id = ${catalog.plainCharm.id} and metal_id = 40`);
    await raise(100);
    try {
      const body = phoneOrder({ ...small, expectedTotalCents: quoted.cents });
      const refused = await staff.call('POST', '/admin-orders', body);
      expect(refused.statusCode, refused.body).toBe(409);
      const now = { cents: quoted.cents + 200, display: `$${((quoted.cents + 200) / 100).toFixed(2)}` };
      expect(errorOf(refused)).toEqual({
        code: 'TOTAL_CHANGED',
        message: `The order now comes to ${now.display}, not the ${quoted.display} quoted. Nothing was charged: tell the customer the new total, then place the order again.`,
        details: { total: now },
      });
      expect(state.sales).toEqual([]);
      expect(await count('orders')).toBe(orders);
      expect(await count('user_sessions')).toBe(sessions);

      const placed = await place({ ...body, expectedTotalCents: now.cents });
      expect(placed.order.totals.total).toEqual(now);
      expect(state.sales.map((sale) => sale.amountCents)).toEqual([now.cents]);
    } finally {
      await raise(-100);
    }
  });

  it('applies a promo code as the bag does, and refuses one that does not apply with the bag\'s reason', async () => {
    const [orders, sessions] = [await count('orders'), await count('user_sessions')];
    const small = { items: [{ productId: catalog.plainCharm.id, metalId: 40, quantity: 1 }], charmAssembly: false };
    const minimum = await staff.call('POST', '/admin-orders', phoneOrder({ ...small, promoCode: 'SAVE5' }));
    expect(minimum.statusCode).toBe(400);
    expect(errorOf(minimum)).toMatchObject({ code: 'PROMO_CODE_MINIMUM', message: expect.stringContaining('$50.00') });
    const unknown = await staff.call('POST', '/admin-orders', phoneOrder({ promoCode: 'NOSUCHCODE' }));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ code: 'PROMO_CODE_INVALID', message: 'That promo code is not valid. Check the spelling, or it may have expired.' });
    expect(await count('orders')).toBe(orders);
    expect(await count('user_sessions')).toBe(sessions);
    expect(state.sales).toEqual([]);
  });
});

describe('a phone order quote', () => {
  it('answers the lines, totals and ship date the placed order then has, and keeps nothing', async () => {
    const body = phoneOrder({ promoCode: 'WELCOME10', shippingTypeId: 'two-day' });
    const sessions = await count('user_sessions');
    const response = await staff.call('POST', '/admin-orders/quote', {
      items: body.items,
      charmAssembly: true,
      promoCode: 'WELCOME10',
      shippingTypeId: 'two-day',
      shippingAddress: { stateProvince: 'TX' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const quote = phoneOrderQuoteSchema.parse(response.json());
    expect(await count('user_sessions')).toBe(sessions);
    expect(quote).toMatchObject({ promoCode: 'WELCOME10', promoMessage: null });
    expect(quote.shippingTypes.map((type) => type.id)).toEqual(['ground', 'two-day', 'next-day', 'saturday']);

    const { order } = await place(body);
    expect(quote.lines).toEqual(order.lines);
    expect(quote.totals).toEqual(order.totals);
    expect(quote.estimatedShipDate).toBe(order.estimatedShipDate);
  });

  it('lists the shipping types the state gets, and reports a promo code that does not apply instead of refusing', async () => {
    const response = await staff.call('POST', '/admin-orders/quote', {
      items: [{ productId: catalog.plainCharm.id, metalId: 40, quantity: 1 }],
      promoCode: 'SAVE5',
      shippingAddress: { stateProvince: 'PR' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const quote = phoneOrderQuoteSchema.parse(response.json());
    expect(quote.shippingTypes.map((type) => type.id)).toEqual(['ground']);
    expect(quote.promoCode).toBeNull();
    expect(quote.promoMessage).toContain('$50.00');
    expect(quote.totals.discount.cents).toBe(0);
  });
});

describe('the phone order calls', () => {
  it('refuse a call without the CSRF token (403) or without a session (401), and keep nothing', async () => {
    const orders = await count('orders');
    for (const url of ['/admin-orders', '/admin-orders/quote']) {
      const noToken = await staff.call('POST', url, phoneOrder(), { csrf: false });
      expect(noToken.statusCode).toBe(403);
      expect(errorOf(noToken).code).toBe('CSRF_TOKEN_INVALID');
      const noSession = await t.app.inject({ method: 'POST', url: `/api${url}`, payload: phoneOrder() });
      expect(noSession.statusCode).toBe(401);
    }
    expect(await count('orders')).toBe(orders);
    expect(state.sales).toEqual([]);
  });
});
