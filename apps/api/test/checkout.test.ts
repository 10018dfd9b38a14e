import { bagResponseSchema } from '@charms/contracts/bag';
import { productListResponseSchema } from '@charms/contracts/catalog';
import { completeOrderBodySchema, completeOrderResponseSchema, orderResponseSchema } from '@charms/contracts/checkout';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { completeOrder } from '../src/services/checkout';
import { controllableGateway, startSmtpServer } from './checkout-support';
import { errorOf, shopperApi, useTestApp } from './helper';

const smtp = await startSmtpServer();
const { gateway, state } = controllableGateway();
const t = useTestApp({ config: { SMTP_URL: smtp.url }, paymentGateway: gateway });
const { newSession, call } = shopperApi(t);
afterAll(() => smtp.close());
beforeEach(() => {
  Object.assign(state, { sales: [], loseAnswer: null, lookupFails: false, onApproved: null, beforeCharge: null, acceptAnyNonce: false, voided: [] });
});

const address = { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' };
const order = (overrides: Record<string, unknown> = {}) => ({
  paymentMethodNonce: 'fake-valid-visa-nonce',
  idempotencyKey: randomUUID(),
  customer: { email: 'ann@example.com', phone: '512-555-0142' },
  shippingAddress: address,
  shippingTypeId: 'two-day',
  ...overrides,
});

async function product(path: string, metalId = 40) {
  return productListResponseSchema.parse((await t.app.inject(`/api/products?path=${path}&metalId=${metalId}&pageSize=1`)).json()).products[0]!;
}
async function bagOf(session: string) {
  return bagResponseSchema.parse((await call(session, 'GET', '/shopping-cart')).json());
}
/** A bag with an engraved sterling charm (2 x), WELCOME10 applied. */
async function fullBag() {
  const session = await newSession();
  const tag = await product('/products/category/charm-tags');
  expect((await call(session, 'POST', '/shopping-cart/items', { productId: tag.id, metalId: 40, quantity: 2, engraving: { text: 'Ann', font: 'script' } })).statusCode).toBe(200);
  expect((await call(session, 'GET', '/shopping-cart/add/promo-code/WELCOME10')).statusCode).toBe(200);
  return { session, tag, bag: await bagOf(session) };
}
const ordersOf = (session: string) =>
  queryRows<{ number: string; status: string; total: number }>(t.database.db, sql`select number, status, total_cents as total from orders where session_id = ${session}`);

describe('placing an order', () => {
  it('charges the server-priced total once, records the order, counts the promo, empties the bag and emails once', async () => {
    const { session, tag } = await fullBag();
    const [{ times }] = (await queryRows<{ times: number }>(t.database.db, sql`select times_used as times from promotions where code = 'WELCOME10'`)) as [{ times: number }];
    const response = await call(session, 'POST', '/shopping-cart/complete-order', order());
    expect(response.statusCode, response.body).toBe(200);
    const placed = completeOrderResponseSchema.parse(response.json()).order;

    const merchandise = tag.price!.cents * 2;
    const discount = Math.round(merchandise / 10);
    const engraving = 3 * 75 * 2;
    expect(placed.totals).toMatchObject({
      merchandise: { cents: merchandise },
      engraving: { cents: engraving },
      discount: { cents: discount },
      shipping: { cents: 1475 },
      total: { cents: merchandise + engraving - discount + 1475 },
    });
    expect(placed).toMatchObject({ status: 'paid', promoCode: 'WELCOME10', card: 'Visa ending in 1111', shippingType: { id: 'two-day' } });
    expect(placed.number).toMatch(/^CB-\d{6}$/);
    expect(placed.lines[0]).toMatchObject({ engraving: { text: 'Ann', font: 'Script' }, quantity: 2 });
    // The font's id too, which styles the engraving's preview on the staff's order page and packing slip.
    expect(placed.lines[0]!.engraving).toMatchObject({ fontId: 'script' });
    expect(state.sales).toHaveLength(1);
    expect(state.sales[0]!.amountCents).toBe(placed.totals.total.cents);
    const attempts = await queryRows<{ status: string; transactionId: string | null }>(
      t.database.db,
      sql`select status, transaction_id as "transactionId" from payment_attempts where session_id = ${session}`,
    );
    expect(attempts).toEqual([{ status: 'succeeded', transactionId: expect.any(String) }]);
    // The answer is rendered from what was just written: it must be what the stored order shows.
    const stored = orderResponseSchema.parse((await call(session, 'GET', `/orders/${placed.number}`)).json()).order;
    expect(stored).toEqual(placed);

    const after = await bagOf(session);
    expect(after.tempOrder.tempOrderItems).toEqual([]);
    expect(after.tempOrder.promoCode).toBeNull();
    const [{ times: timesAfter }] = (await queryRows<{ times: number }>(t.database.db, sql`select times_used as times from promotions where code = 'WELCOME10'`)) as [{ times: number }];
    expect(timesAfter).toBe(times + 1);

    await expect.poll(() => smtp.messages.filter((message) => message.raw.includes(placed.number)).length, { timeout: 10_000 }).toBe(1);
    const email = smtp.messages.find((message) => message.raw.includes(placed.number))!;
    expect(email.to).toEqual(['ann@example.com']);
    expect(email.raw).toContain('text/html');
    expect(email.raw).toContain('text/plain');
    await t.app.emailDelivery.deliverNow();
    expect(smtp.messages.filter((message) => message.raw.includes(placed.number))).toHaveLength(1);
  });

  it('shows the order to its session (the purchase event once), to the signed link, and to no one else', async () => {
    const { session } = await fullBag();
    const placed = completeOrderResponseSchema.parse((await call(session, 'POST', '/shopping-cart/complete-order', order())).json()).order;
    const first = orderResponseSchema.parse((await call(session, 'GET', `/orders/${placed.number}`)).json());
    expect(first.dataLayers).toEqual([expect.objectContaining({ event: 'purchase', ecommerce: expect.objectContaining({ transaction_id: placed.number }) })]);
    const again = orderResponseSchema.parse((await call(session, 'GET', `/orders/${placed.number}`)).json());
    expect(again.dataLayers).toEqual([]);
    const byLink = await t.app.inject(`/api${placed.signedPath.replace('/order/confirmation/', '/orders/')}`);
    expect(byLink.statusCode).toBe(200);
    const stranger = await newSession();
    expect((await call(stranger, 'GET', `/orders/${placed.number}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/orders/${placed.number}?token=forged`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/orders/${placed.number}`)).statusCode).toBe(404);
  });

  it('stores markup in addresses and messages as text', async () => {
    const { session } = await fullBag();
    const hostile = { ...address, firstName: '<img src=x onerror=alert(1)>', address2: '"><script>x</script>' };
    const response = await call(session, 'POST', '/shopping-cart/complete-order', order({ shippingAddress: hostile, giftMessage: '<b>Happy</b> birthday' }));
    expect(response.statusCode).toBe(200);
    const placed = completeOrderResponseSchema.parse(response.json()).order;
    expect(placed.shippingAddress.firstName).toBe('<img src=x onerror=alert(1)>');
    expect(placed.giftMessage).toBe('<b>Happy</b> birthday');
    await expect.poll(() => smtp.messages.some((message) => message.raw.includes(placed.number)), { timeout: 10_000 }).toBe(true);
    const raw = smtp.messages.find((message) => message.raw.includes(placed.number))!.raw.replace(/=\r?\n/g, '');
    expect(raw).not.toContain('<img src=x');
    expect(raw).toContain('&lt;img src=3Dx');
  });
});

describe('the email outbox', () => {
  it('sends a backlog bigger than one batch, each email once, and marks them sent', async () => {
    const subject = `Backlog ${randomUUID()}`;
    for (let i = 0; i < 45; i++) {
      await t.database.db.execute(
        sql`insert into email_outbox (id, kind, "to", subject, html, text) values (${randomUUID()}, ${`test-${i}`}, 'ann@example.com', ${subject}, '<p>hi</p>', 'hi')`,
      );
    }
    await t.app.emailDelivery.deliverNow();
    await expect.poll(() => smtp.messages.filter((message) => message.raw.includes(subject)).length, { timeout: 10_000 }).toBe(45);
    const rows = await queryRows<{ status: string; attempts: number }>(t.database.db, sql`select status, attempts from email_outbox where subject = ${subject}`);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    await t.app.emailDelivery.deliverNow();
    expect(smtp.messages.filter((message) => message.raw.includes(subject))).toHaveLength(45);
  });
  it('an email sent while the database cannot mark it is marked when it is back, and not sent again', async () => {
    const subject = `Mark later ${randomUUID()}`;
    await t.database.db.execute(sql`insert into email_outbox (id, kind, "to", subject, html, text) values (${randomUUID()}, 'test-mark', 'ann@example.com', ${subject}, '<p>hi</p>', 'hi')`);
    // The database refuses the mark that follows the send, as it does when it goes down at that moment.
    await t.database.db.execute(sql.raw(`create function refuse_sent_mark() returns trigger language plpgsql as $$
      begin if new.status = 'sent' then raise exception 'the database is unavailable'; end if; return new; end $$`));
    await t.database.db.execute(sql.raw(`create trigger refuse_sent_mark before update on email_outbox for each row execute function refuse_sent_mark()`));
    try {
      await t.app.emailDelivery.deliverNow();
      expect(smtp.messages.filter((message) => message.raw.includes(subject))).toHaveLength(1);
      const [unmarked] = await queryRows<{ status: string }>(t.database.db, sql`select status from email_outbox where subject = ${subject}`);
      expect(unmarked?.status).toBe('pending');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_sent_mark on email_outbox'));
      await t.database.db.execute(sql.raw('drop function refuse_sent_mark()'));
    }
    // Back: the next run (the timer's, or one woken by an order) marks it, and sends nothing twice.
    await t.app.emailDelivery.deliverNow();
    await t.app.emailDelivery.deliverNow();
    expect(smtp.messages.filter((message) => message.raw.includes(subject))).toHaveLength(1);
    const rows = await queryRows<{ status: string; attempts: number }>(t.database.db, sql`select status, attempts from email_outbox where subject = ${subject}`);
    expect(rows).toEqual([{ status: 'sent', attempts: 1 }]);
  });

  it('an email whose sender died before marking it is sent again once its claim has run out', async () => {
    const subject = `Sender died ${randomUUID()}`;
    const id = randomUUID();
    // Claimed eleven minutes ago by a sender that never marked it.
    await t.database.db.execute(sql`insert into email_outbox (id, kind, "to", subject, html, text, attempts, next_attempt_at)
      values (${id}, 'test-died', 'ann@example.com', ${subject}, '<p>hi</p>', 'hi', 1, now() - interval '1 minute')`);
    await t.app.emailDelivery.deliverNow();
    expect(smtp.messages.filter((message) => message.raw.includes(subject))).toHaveLength(1);
    const rows = await queryRows<{ status: string; attempts: number }>(t.database.db, sql`select status, attempts from email_outbox where id = ${id}`);
    expect(rows).toEqual([{ status: 'sent', attempts: 2 }]);
  });
});

describe('bad input changes nothing and charges nothing', () => {
  it.each([
    [{ paymentMethodNonce: '' }, 'paymentMethodNonce'],
    [{ idempotencyKey: 'x' }, 'idempotencyKey'],
    [{ customer: { email: 'nope', phone: '512-555-0142' } }, 'customer.email'],
    [{ customer: { email: 'a@b.co', phone: 'call me' } }, 'customer.phone'],
    [{ shippingAddress: { ...address, postalCode: '7870' } }, 'shippingAddress.postalCode'],
    [{ shippingAddress: { ...address, stateProvince: 'ZZ' } }, 'shippingAddress.stateProvince'],
    [{ shippingAddress: { ...address, country: 'CA' } }, 'shippingAddress.country'],
    [{ shippingAddress: { ...address, city: '' } }, 'shippingAddress.city'],
    [{ shippingTypeId: 'teleport' }, 'shippingTypeId'],
  ])('%j -> 400 naming %s', async (overrides, field) => {
    const { session, bag } = await fullBag();
    const response = await call(session, 'POST', '/shopping-cart/complete-order', order(overrides));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(state.sales).toHaveLength(0);
    expect((await bagOf(session)).tempOrder.tempOrderItems).toEqual(bag.tempOrder.tempOrderItems);
  });

  it('refuses shipping not offered to the state, an empty bag, and another shopper’s bag', async () => {
    const { session } = await fullBag();
    const saturdayToGuam = await call(session, 'POST', '/shopping-cart/complete-order', order({ shippingAddress: { ...address, stateProvince: 'GU', postalCode: '96910' }, shippingTypeId: 'saturday' }));
    expect(saturdayToGuam.statusCode).toBe(400);
    const stranger = await newSession();
    const empty = await call(stranger, 'POST', '/shopping-cart/complete-order', order());
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code).toBe('BAG_EMPTY');
    expect(state.sales).toHaveLength(0);
    expect((await bagOf(session)).tempOrder.tempOrderItems).toHaveLength(2);
  });
});

describe('what the shopper agreed to', () => {
  it('an order too big to take online is refused in words, before anything is written or charged', async () => {
    // Three different charms at $90,000, 99 of each: $26.7 million, more than an order's amounts hold (it was a 500
    // when the order was written).
    const listing = productListResponseSchema.parse((await t.app.inject('/api/products?path=/products/category/Dog-Charms&metalId=40&pageSize=3')).json());
    const charms = listing.products.map((charm) => charm.id);
    await t.database.db.execute(sql`update product_prices set price_cents = 9000000 where metal_id = 40 and product_id = any(${`{${charms.join(',')}}`}::int[])`);
    const session = await newSession();
    for (const productId of charms) {
      expect((await call(session, 'POST', '/shopping-cart/items', { productId, metalId: 40, quantity: 99 })).statusCode).toBe(200);
    }
    const response = await call(session, 'POST', '/shopping-cart/complete-order', order());
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'ORDER_TOO_LARGE', message: expect.stringContaining('up to $100,000.00 online') });
    expect(errorOf(response).message).toContain('comes to $26,730,014.75 before any discount');
    expect(state.sales).toHaveLength(0);
    expect(await ordersOf(session)).toEqual([]);
    // Two of them still make too big an order; one is taken.
    const bag = await bagOf(session);
    for (const line of bag.tempOrder.tempOrderItems.slice(1)) expect((await call(session, 'DELETE', `/shopping-cart/items/${line.itemUuid}`)).statusCode).toBe(200);
    expect((await call(session, 'GET', `/shopping-cart/items/${bag.tempOrder.tempOrderItems[0]!.itemUuid}/quantity/1`)).statusCode).toBe(200);
    const placed = await call(session, 'POST', '/shopping-cart/complete-order', order());
    expect(placed.statusCode, placed.body).toBe(200);
    expect(state.sales.map((sale) => sale.amountCents)).toEqual([9000000 + 1475]);
  });

  it('a total other than the one shown is not charged: 409 with the new total, the code’s use and the bag kept', async () => {
    await queryRows(t.database.db, sql`insert into promotions (code, description, kind, value, max_uses) values ('SHOWN5', 'Shown', 'amount', 500, 1)`);
    const tag = await product('/products/category/charm-tags');
    const session = await newSession();
    expect((await call(session, 'POST', '/shopping-cart/items', { productId: tag.id, metalId: 40 })).statusCode).toBe(200);
    expect((await call(session, 'GET', '/shopping-cart/add/promo-code/SHOWN5')).statusCode).toBe(200);
    expect((await call(session, 'POST', '/shopping-cart/save', { shipToStateProvince: 'TX', shippingTypeId: 'two-day' })).statusCode).toBe(200);
    const shown = (await bagOf(session)).tempOrder.totals.total.cents;
    expect(shown).toBe(tag.price!.cents - 500 + 1475);
    // Another shopper takes the code's last use while this one looks at the checkout.
    const other = await newSession();
    expect((await call(other, 'POST', '/shopping-cart/items', { productId: tag.id, metalId: 40 })).statusCode).toBe(200);
    expect((await call(other, 'GET', '/shopping-cart/add/promo-code/SHOWN5')).statusCode).toBe(200);
    expect((await call(other, 'POST', '/shopping-cart/complete-order', order())).statusCode).toBe(200);

    const changed = await call(session, 'POST', '/shopping-cart/complete-order', order({ expectedTotalCents: shown }));
    expect(changed.statusCode, changed.body).toBe(409);
    const now = tag.price!.cents + 1475;
    expect(errorOf(changed)).toMatchObject({
      code: 'TOTAL_CHANGED',
      message: expect.stringContaining('SHOWN5 has been fully redeemed. Nothing was charged'),
      details: { total: { cents: now } },
    });
    expect(state.sales).toHaveLength(1);
    expect(await ordersOf(session)).toEqual([]);
    expect((await bagOf(session)).tempOrder.tempOrderItems).toHaveLength(1);
    const [{ times }] = (await queryRows<{ times: number }>(t.database.db, sql`select times_used as times from promotions where code = 'SHOWN5'`)) as [{ times: number }];
    expect(times).toBe(1);
    // Placed again with the total now shown, it is charged that.
    const placed = await call(session, 'POST', '/shopping-cart/complete-order', order({ expectedTotalCents: now }));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(state.sales[1]!.amountCents).toBe(now);
  });
});

describe('a code limited while an order waits for it (PostgreSQL: two connections)', () => {
  // On PostgreSQL only: PGlite is one connection, so no second one can hold the row's lock while an order waits.
  it.runIf(process.env.TEST_DATABASE_URL)('is not applied, and the order is not charged a total the shopper did not see', async () => {
    await queryRows(t.database.db, sql`insert into promotions (code, description, kind, value) values ('OPEN5', 'Open', 'amount', 500)`);
    const tag = await product('/products/category/charm-tags');
    const session = await newSession();
    expect((await call(session, 'POST', '/shopping-cart/items', { productId: tag.id, metalId: 40 })).statusCode).toBe(200);
    expect((await call(session, 'GET', '/shopping-cart/add/promo-code/OPEN5')).statusCode).toBe(200);
    expect((await call(session, 'POST', '/shopping-cart/save', { shipToStateProvince: 'TX', shippingTypeId: 'two-day' })).statusCode).toBe(200);
    const shown = (await bagOf(session)).tempOrder.totals.total.cents;
    // An owner caps the unlimited code at the uses it has had, while the order is being written.
    const owner = new pg.Client({ connectionString: (t.location as { url: string }).url });
    await owner.connect();
    try {
      await owner.query('begin');
      await owner.query("update promotions set max_uses = 1, times_used = 1 where code = 'OPEN5'");
      const placing = call(session, 'POST', '/shopping-cart/complete-order', order({ expectedTotalCents: shown }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await owner.query('commit');
      const answer = await placing;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(errorOf(answer)).toMatchObject({ code: 'TOTAL_CHANGED', details: { total: { cents: shown + 500 } } });
    } finally {
      await owner.end();
    }
    expect(state.sales).toHaveLength(0);
    // Placed with the total now shown: no code on the order, and none of its uses given back or taken.
    const declined = await call(session, 'POST', '/shopping-cart/complete-order', order({ expectedTotalCents: shown + 500, paymentMethodNonce: 'fake-processor-declined-visa-nonce' }));
    expect(declined.statusCode).toBe(402);
    const placed = completeOrderResponseSchema.parse((await call(session, 'POST', '/shopping-cart/complete-order', order({ expectedTotalCents: shown + 500 }))).json()).order;
    expect(placed).toMatchObject({ promoCode: null, totals: { discount: { cents: 0 }, total: { cents: shown + 500 } } });
    const [{ times }] = (await queryRows<{ times: number }>(t.database.db, sql`select times_used as times from promotions where code = 'OPEN5'`)) as [{ times: number }];
    expect(times).toBe(1);
  });
});

describe('declines', () => {
  it('answers 402 in words a shopper understands, keeps the bag, and a good card then works', async () => {
    const { session, bag } = await fullBag();
    const declined = await call(session, 'POST', '/shopping-cart/complete-order', order({ paymentMethodNonce: 'fake-processor-declined-visa-nonce' }));
    expect(declined.statusCode).toBe(402);
    expect(errorOf(declined)).toMatchObject({ code: 'PAYMENT_DECLINED', details: { processorResponseCode: '2000' } });
    expect(errorOf(declined).message).toContain('declined');
    expect((await bagOf(session)).tempOrder.tempOrderItems).toEqual(bag.tempOrder.tempOrderItems);
    expect(await ordersOf(session)).toEqual([]);
    const good = await call(session, 'POST', '/shopping-cart/complete-order', order());
    expect(good.statusCode).toBe(200);
    expect((await ordersOf(session)).map((row) => row.status)).toEqual(['paid']);
  });

  it('declines amounts from $2,000.00 to $2,999.99 with the amount as processor code, as the sandbox does', async () => {
    const session = await newSession();
    const gold = await product('/products/category/Charm-Bracelets', 10);
    const quantity = Math.ceil(200_000 / gold.price!.cents);
    expect(gold.price!.cents * quantity).toBeLessThan(298_000);
    await call(session, 'POST', '/shopping-cart/items', { productId: gold.id, metalId: 10, quantity });
    const total = (await bagOf(session)).tempOrder.totals.total.cents;
    const response = await call(session, 'POST', '/shopping-cart/complete-order', order({ shippingTypeId: 'ground' }));
    expect(response.statusCode).toBe(402);
    expect(errorOf(response).details).toEqual({ processorResponseCode: String(Math.floor(total / 100)) });
  });

  it('refuses card details the gateway cannot use', async () => {
    const { session } = await fullBag();
    const response = await call(session, 'POST', '/shopping-cart/complete-order', order({ paymentMethodNonce: 'made-up-nonce' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('PAYMENT_METHOD_INVALID');
    expect(await ordersOf(session)).toEqual([]);
  });
});

describe('a charge under way when its order is settled as interrupted', () => {
  it('is voided when it is found after the order was released, never kept without an order', async () => {
    const { session } = await fullBag();
    // The sale's answer is lost: the charge is found by asking the gateway, after its order was released.
    state.loseAnswer = 'after-charge';
    // The reconciliation job runs while the card is being charged: the gateway knows no charge yet, so it releases.
    state.beforeCharge = async () => {
      expect(await t.app.checkout.reconcileNow({ interruptedAfterMs: 0 })).toMatchObject({ released: 1 });
    };
    const response = await call(session, 'POST', '/shopping-cart/complete-order', order());
    expect(response.statusCode, response.body).toBe(503);
    expect(errorOf(response).code).toBe('ORDER_NOT_SAVED');
    expect(state.voided).toHaveLength(1);
    expect(await ordersOf(session)).toEqual([]);
    const attempts = await queryRows<{ status: string }>(t.database.db, sql`select status from payment_attempts where session_id = ${session}`);
    expect(attempts.map((attempt) => attempt.status)).toEqual(['voided']);
    // The bag is free again: the shopper can place the order.
    state.beforeCharge = null;
    state.loseAnswer = null;
    expect((await call(session, 'POST', '/shopping-cart/complete-order', order())).statusCode).toBe(200);
  });
});

describe('charging once', () => {
  it('a replay with the same idempotency key returns the same order without charging again', async () => {
    const { session } = await fullBag();
    const body = order();
    const first = completeOrderResponseSchema.parse((await call(session, 'POST', '/shopping-cart/complete-order', body)).json());
    const second = await call(session, 'POST', '/shopping-cart/complete-order', body);
    expect(second.statusCode).toBe(200);
    expect(completeOrderResponseSchema.parse(second.json()).order.number).toBe(first.order.number);
    expect(state.sales).toHaveLength(1);
  });

  it('two parallel submits of one bag make one order and one charge', async () => {
    const { session } = await fullBag();
    const body = order();
    const sameKey = await Promise.all([call(session, 'POST', '/shopping-cart/complete-order', body), call(session, 'POST', '/shopping-cart/complete-order', body)]);
    expect(sameKey.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(new Set(sameKey.map((response) => (response.json() as { order: { number: string } }).order.number)).size).toBe(1);

    const other = await fullBag();
    const differentKeys = await Promise.all([call(other.session, 'POST', '/shopping-cart/complete-order', order()), call(other.session, 'POST', '/shopping-cart/complete-order', order())]);
    expect(differentKeys.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const loser = differentKeys.find((response) => response.statusCode !== 200)!;
    expect(['ORDER_IN_PROGRESS', 'BAG_EMPTY']).toContain(errorOf(loser).code);
    expect(await ordersOf(other.session)).toHaveLength(1);
    expect(state.sales).toHaveLength(2);
  });

  it('a code with one use left discounts one of several orders placed at once, from different bags', async () => {
    await queryRows(t.database.db, sql`insert into promotions (code, description, kind, value, max_uses) values ('ONCE25', 'Once', 'amount', 2500, 1)`);
    const tag = await product('/products/category/charm-tags');
    const sessions = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const session = await newSession();
        expect((await call(session, 'POST', '/shopping-cart/items', { productId: tag.id, metalId: 40, quantity: 2 })).statusCode).toBe(200);
        expect((await call(session, 'GET', '/shopping-cart/add/promo-code/ONCE25')).statusCode).toBe(200);
        return session;
      }),
    );
    const answers = await Promise.all(sessions.map((session) => call(session, 'POST', '/shopping-cart/complete-order', order())));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const placed = answers.map((answer) => completeOrderResponseSchema.parse(answer.json()).order);
    // One order has the code's discount; the others are priced as any bag whose code is used up, and charged so.
    expect(placed.filter((one) => one.promoCode === 'ONCE25').map((one) => one.totals.discount.cents)).toEqual([2500]);
    expect(placed.filter((one) => one.promoCode === null).map((one) => one.totals.discount.cents)).toEqual([0, 0, 0, 0]);
    const charged = new Map(state.sales.map((sale) => [sale.orderId, sale.amountCents]));
    const ids = await queryRows<{ number: string; id: string }>(t.database.db, sql`select number, id from orders where session_id = any(${`{${sessions.join(',')}}`}::uuid[])`);
    for (const one of placed) expect(charged.get(ids.find((row) => row.number === one.number)!.id)).toBe(one.totals.total.cents);
    const [promotion] = await queryRows<{ times: number; uses: number }>(
      t.database.db,
      sql`select times_used as times, (select count(*)::int from promotion_uses u where u.promotion_id = p.id) as uses from promotions p where code = 'ONCE25'`,
    );
    expect(promotion).toEqual({ times: 1, uses: 1 });
  });

  it('an order that is not charged gives its code’s use back, for the next order to take', async () => {
    await queryRows(t.database.db, sql`insert into promotions (code, description, kind, value, max_uses) values ('LAST10', 'Last', 'amount', 1000, 1)`);
    const tag = await product('/products/category/charm-tags');
    const withCode = async () => {
      const session = await newSession();
      expect((await call(session, 'POST', '/shopping-cart/items', { productId: tag.id, metalId: 40 })).statusCode).toBe(200);
      expect((await call(session, 'GET', '/shopping-cart/add/promo-code/LAST10')).statusCode).toBe(200);
      return session;
    };
    const timesUsed = async () => (await queryRows<{ times: number }>(t.database.db, sql`select times_used as times from promotions where code = 'LAST10'`))[0]!.times;
    const first = await withCode();
    const second = await withCode();
    const declined = await call(first, 'POST', '/shopping-cart/complete-order', order({ paymentMethodNonce: 'fake-processor-declined-visa-nonce' }));
    expect(declined.statusCode).toBe(402);
    expect(await timesUsed()).toBe(0);
    const paid = completeOrderResponseSchema.parse((await call(second, 'POST', '/shopping-cart/complete-order', order())).json()).order;
    expect(paid).toMatchObject({ promoCode: 'LAST10', totals: { discount: { cents: 1000 } } });
    expect(await timesUsed()).toBe(1);
  });

  it('20 parallel submits with the same key all answer with the one paid order, charged once', async () => {
    for (let round = 0; round < 3; round++) {
      const { session } = await fullBag();
      const body = order();
      const salesBefore = state.sales.length;
      const answers = await Promise.all(Array.from({ length: 20 }, () => call(session, 'POST', '/shopping-cart/complete-order', body)));
      const [placed] = await ordersOf(session);
      expect(placed?.status).toBe('paid');
      for (const answer of answers) {
        // Each answer is the order, or (for a call that came while the card was being charged) where it stands.
        if (answer.statusCode === 200) expect(completeOrderResponseSchema.parse(answer.json()).order.number).toBe(placed!.number);
        else expect({ status: answer.statusCode, error: errorOf(answer) }).toMatchObject({ status: 409, error: { code: 'ORDER_IN_PROGRESS', details: { orderNumber: placed!.number } } });
      }
      expect(state.sales.length - salesBefore).toBe(1);
    }
  });

  it('a same-key submit that reaches the bag after its order was paid answers with that order, not BAG_EMPTY', async () => {
    const { session } = await fullBag();
    const body = order();
    // The late call has looked for its order (none yet) and waits to lock the bag while the first call pays.
    let reachedBag!: () => void;
    const atBag = new Promise<void>((resolve) => (reachedBag = resolve));
    let openBag!: () => void;
    const bagOpen = new Promise<void>((resolve) => (openBag = resolve));
    const db = t.database.db;
    const delayedDb = new Proxy(db, {
      get: (target, property, receiver) =>
        property === 'transaction'
          ? async (...args: Parameters<typeof db.transaction>) => {
              reachedBag();
              await bagOpen;
              return target.transaction(...args);
            }
          : Reflect.get(target, property, receiver),
    });
    const late = completeOrder({ ...(await t.app.checkout.context(t.app.log)), db: delayedDb }, session, completeOrderBodySchema.parse(body));
    await atBag;
    const first = await call(session, 'POST', '/shopping-cart/complete-order', body);
    expect(first.statusCode).toBe(200);
    openBag();
    const answer = await late;
    expect(answer.order).toMatchObject({ number: completeOrderResponseSchema.parse(first.json()).order.number, status: 'paid' });
    expect(state.sales).toHaveLength(1);
  });

  it('refuses a card authorization (nonce) already used for another order', async () => {
    state.acceptAnyNonce = true;
    const nonce = `tokencc_${randomUUID()}`;
    const first = await fullBag();
    expect((await call(first.session, 'POST', '/shopping-cart/complete-order', order({ paymentMethodNonce: nonce }))).statusCode).toBe(200);
    const second = await fullBag();
    const reused = await call(second.session, 'POST', '/shopping-cart/complete-order', order({ paymentMethodNonce: nonce }));
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).code).toBe('PAYMENT_METHOD_USED');
    expect(state.sales).toHaveLength(1);
  });
});

describe('when the gateway fails', () => {
  it('no answer and no charge: 503, no order, the bag kept for another try', async () => {
    const { session, bag } = await fullBag();
    state.loseAnswer = 'before-charge';
    const response = await call(session, 'POST', '/shopping-cart/complete-order', order());
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('PAYMENT_UNAVAILABLE');
    expect(await ordersOf(session)).toEqual([]);
    expect((await bagOf(session)).tempOrder.tempOrderItems).toEqual(bag.tempOrder.tempOrderItems);
  });

  it('charged but the answer was lost: the charge is found and the order completed, once', async () => {
    const { session } = await fullBag();
    const approvedBefore = state.approved;
    state.loseAnswer = 'after-charge';
    const response = await call(session, 'POST', '/shopping-cart/complete-order', order());
    expect(response.statusCode, response.body).toBe(200);
    expect((await ordersOf(session)).map((row) => row.status)).toEqual(['paid']);
    expect(state.approved - approvedBefore).toBe(1);
  });

  it('charged but the order could not be saved: the charge is voided and nothing is paid', async () => {
    const { session, bag } = await fullBag();
    state.onApproved = async () => {
      await t.database.db.execute(sql`alter table email_outbox rename to email_outbox_away`);
    };
    const response = await call(session, 'POST', '/shopping-cart/complete-order', order());
    await t.database.db.execute(sql`alter table email_outbox_away rename to email_outbox`);
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('ORDER_NOT_SAVED');
    expect(state.voided).toHaveLength(1);
    expect(await ordersOf(session)).toEqual([]);
    expect((await bagOf(session)).tempOrder.tempOrderItems).toEqual(bag.tempOrder.tempOrderItems);
    const attempts = await queryRows<{ status: string }>(t.database.db, sql`select status from payment_attempts where session_id = ${session}`);
    expect(attempts.map((attempt) => attempt.status)).toEqual(['voided']);
  });

  it('outcome unknown: recorded for reconciliation, the bag held, and settled by the next try with the same key', async () => {
    const { session } = await fullBag();
    state.loseAnswer = 'after-charge';
    state.lookupFails = true;
    const body = order();
    const unknown = await call(session, 'POST', '/shopping-cart/complete-order', body);
    expect(unknown.statusCode).toBe(503);
    expect(errorOf(unknown).code).toBe('PAYMENT_UNCONFIRMED');
    expect((await ordersOf(session)).map((row) => row.status)).toEqual(['payment_unknown']);
    // The bag being paid for cannot change: neither emptied nor added to (nothing is added).
    const held = await bagOf(session);
    expect((await call(session, 'GET', '/shopping-cart/empty')).statusCode).toBe(409);
    const add = await call(session, 'POST', '/shopping-cart/items', { productId: held.tempOrder.tempOrderItems[0]!.product!.id, metalId: 40, quantity: 1 });
    expect(add.statusCode).toBe(409);
    expect(errorOf(add).code).toBe('ORDER_IN_PROGRESS');
    const after = (await bagOf(session)).tempOrder;
    expect({ items: after.tempOrderItems, totals: after.totals }).toEqual({ items: held.tempOrder.tempOrderItems, totals: held.tempOrder.totals });
    const attempts = await queryRows<{ status: string }>(t.database.db, sql`select status from payment_attempts where session_id = ${session}`);
    expect(attempts.map((attempt) => attempt.status)).toEqual(['needs_reconciliation']);

    state.loseAnswer = null;
    state.lookupFails = false;
    const salesBefore = state.sales.length;
    const retry = await call(session, 'POST', '/shopping-cart/complete-order', body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await ordersOf(session)).map((row) => row.status)).toEqual(['paid']);
    expect(state.sales.length).toBe(salesBefore);
  });
});

describe('POST /api/shopping-cart/payments/braintree/client-token', () => {
  it('gives the card form a token and says it is the test gateway', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/shopping-cart/payments/braintree/client-token', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ environment: 'test', clientToken: expect.any(String) });
  });
});

