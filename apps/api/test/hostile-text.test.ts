import { bagResponseSchema } from '@charms/contracts/bag';
import { productListResponseSchema } from '@charms/contracts/catalog';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { controllableGateway } from './checkout-support';
import { errorOf, shopperApi, staffApi, useTestApp } from './helper';
import { saveSettings } from './settings-support';

const { gateway, state } = controllableGateway();
const t = useTestApp({ paymentGateway: gateway });
const { newSession, call } = shopperApi(t);

const bagOf = async (session: string) => bagResponseSchema.parse((await call(session, 'GET', '/shopping-cart?includeSuggestedItems=false')).json()).tempOrder;

const address = { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' };
const order = (overrides: Record<string, unknown> = {}) => ({
  paymentMethodNonce: 'fake-valid-visa-nonce',
  idempotencyKey: randomUUID(),
  customer: { email: 'ann@example.com', phone: '512-555-0142' },
  shippingAddress: address,
  shippingTypeId: 'ground',
  ...overrides,
});

/** A bag that could be paid for: one sterling silver charm. */
async function filledBag() {
  const session = await newSession();
  const listing = productListResponseSchema.parse((await t.app.inject('/api/products?path=/products/category/Dog-Charms&pageSize=1')).json());
  expect((await call(session, 'POST', '/shopping-cart/items', { productId: listing.products[0]!.id, metalId: 40 })).statusCode).toBe(200);
  return session;
}

type FieldCase = [string, (session: string) => ReturnType<typeof call>, string];

/**
 * Every text field the API takes, with a hostile value put in it: [what, request, the field the answer must name].
 * Half a surrogate pair has no UTF-8 form, so it can only travel in JSON bodies (in a URL see the BAD_URL test).
 */
function textFields(bad: string): FieldCase[] {
  const bodies: FieldCase[] = [
    ['first name', (s) => call(s, 'POST', '/shopping-cart/complete-order', order({ shippingAddress: { ...address, firstName: `Ann${bad}` } })), 'shippingAddress.firstName'],
    ['last name', (s) => call(s, 'POST', '/shopping-cart/complete-order', order({ shippingAddress: { ...address, lastName: bad } })), 'shippingAddress.lastName'],
    ['address line', (s) => call(s, 'POST', '/shopping-cart/complete-order', order({ shippingAddress: { ...address, address1: `1${bad} Main` } })), 'shippingAddress.address1'],
    ['second address line', (s) => call(s, 'POST', '/shopping-cart/complete-order', order({ shippingAddress: { ...address, address2: bad } })), 'shippingAddress.address2'],
    ['city', (s) => call(s, 'POST', '/shopping-cart/complete-order', order({ billingAddress: { ...address, city: `Austin${bad}` } })), 'billingAddress.city'],
    ['order comments', (s) => call(s, 'POST', '/shopping-cart/complete-order', order({ orderComments: `Leave it${bad}` })), 'orderComments'],
    ['gift message', (s) => call(s, 'POST', '/shopping-cart/complete-order', order({ giftMessage: `Love${bad}` })), 'giftMessage'],
    ['card nonce', (s) => call(s, 'POST', '/shopping-cart/complete-order', order({ paymentMethodNonce: `fake-valid-visa-nonce${bad}` })), 'paymentMethodNonce'],
    ['device data', (s) => call(s, 'POST', '/shopping-cart/complete-order', order({ deviceData: bad })), 'deviceData'],
    ['saved comments', (s) => call(s, 'POST', '/shopping-cart/save', { orderComments: `Hi${bad}` }), 'orderComments'],
    ['saved state', (s) => call(s, 'POST', '/shopping-cart/save', { shipToStateProvince: `T${bad}` }), 'shipToStateProvince'],
    ['engraving', (s) => call(s, 'POST', '/shopping-cart/items', { productId: 1, metalId: 40, engraving: { text: `Mia${bad}`, font: 'block' } }), 'engraving.text'],
    ['engraving font', (s) => call(s, 'POST', '/shopping-cart/items', { productId: 1, metalId: 40, engraving: { text: 'Mia', font: `block${bad}` } }), 'engraving.font'],
  ];
  if (/[\uD800-\uDFFF]/u.test(bad)) return bodies;
  const enc = encodeURIComponent(bad);
  return [
    ...bodies,
    ['promo code', (s) => call(s, 'GET', `/shopping-cart/add/promo-code/WELCOME10${enc}`), 'code'],
    ['category name', () => t.app.inject(`/api/products?categoryName=Dog${enc}`), 'categoryName'],
    ['search words', () => t.app.inject(`/api/products?q=heart${enc}`), 'q'],
    ['listing path', () => t.app.inject(`/api/products?path=/products/category/${enc}`), 'path'],
    ['product path', () => t.app.inject(`/api/products/detail?path=/products/x/${enc}/1`), 'path'],
    ['CMS object key', () => t.app.inject(`/api/content?objectKey=/${enc}`), 'objectKey'],
    ['order link token', () => t.app.inject(`/api/orders/CB-100001?token=${enc}`), 'token'],
  ];
}

describe('hostile text', () => {
  it('refuses NUL in every text field with a 400 naming the field, and changes and charges nothing', async () => {
    const session = await filledBag();
    const before = await bagOf(session);
    for (const [what, send, field] of textFields('\u0000')) {
      const response = await send(session);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      const error = errorOf(response);
      expect(error.code, what).toBe('VALIDATION_ERROR');
      expect(error.message, what).toContain(`${field} must not contain NUL characters`);
    }
    expect(await bagOf(session)).toEqual(before);
    expect(state.sales).toEqual([]);
  });

  it('refuses other control characters and halves of surrogate pairs the same way', async () => {
    const session = await filledBag();
    for (const bad of ['\u0007', '\u001b[31m', '\u0085', '\ud800', '\udfff']) {
      for (const [what, send, field] of textFields(bad)) {
        const response = await send(session);
        expect(response.statusCode, `${what} ${JSON.stringify(bad)}: ${response.body}`).toBe(400);
        expect(errorOf(response).details, what).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: expect.stringMatching(/^must not contain/) })]));
      }
    }
    expect(state.sales).toEqual([]);
  });

  it('keeps line breaks and tabs where text may have lines, and emoji where they are text', async () => {
    const session = await newSession();
    const saved = await call(session, 'POST', '/shopping-cart/save', { orderComments: 'Ring the bell\r\nTwice\tplease 💖' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await bagOf(session)).orderComments).toBe('Ring the bell\r\nTwice\tplease 💖');
    const tab = await call(session, 'GET', '/shopping-cart/add/promo-code/WELCOME%0910');
    expect(errorOf(tab).message).toBe('code must not contain control characters');
    expect((await t.app.inject('/api/products?q=%F0%9F%92%96%20heart')).statusCode).toBe(200);
  });

  it('answers a path that decodes to no text (a lone surrogate) with 400 in the error shape', async () => {
    const session = await newSession();
    for (const url of ['/shopping-cart/add/promo-code/%ED%A0%80', '/shopping-cart/items/%ED%A0%80/quantity/1', '/images/charms/%C0%80/x.svg']) {
      const response = await call(session, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: { code: 'BAD_URL', message: 'This address contains characters that are not valid text.' } });
    }
    // A segment over the router's length limit matches no route but the API's catch-all: a 404 in the error shape.
    const long = await call(session, 'GET', `/shopping-cart/add/promo-code/${'A'.repeat(150)}`);
    expect(long.statusCode).toBe(404);
    expect(errorOf(long).code).toBe('NOT_FOUND');
  });
});

describe('quantities in paths', () => {
  it('are plain whole numbers: 0x10, 1e1, " 5", "+5" and "5.0" are refused', async () => {
    const session = await filledBag();
    const [line] = (await bagOf(session)).tempOrderItems;
    for (const quantity of ['0x10', '1e1', '%205', '5%20', '+5', '5.0', '-1', '0b11', 'Infinity', '99999999999999999999']) {
      const response = await call(session, 'GET', `/shopping-cart/items/${line!.itemUuid}/quantity/${quantity}`);
      expect(response.statusCode, quantity).toBe(400);
      expect(errorOf(response).details, quantity).toEqual([{ field: 'quantity', message: expect.stringMatching(/^must be/) }]);
    }
    expect((await bagOf(session)).tempOrderItems[0]!.quantity).toBe(1);
    expect((await call(session, 'GET', `/shopping-cart/items/${line!.itemUuid}/quantity/5`)).statusCode).toBe(200);
    expect((await bagOf(session)).tempOrderItems[0]!.quantity).toBe(5);
  });

  it('and so are page numbers and metals in listing queries', async () => {
    for (const query of ['page=0x2', 'pageSize=1e1', 'metalId=%2040', 'page=99999999999']) {
      const response = await t.app.inject(`/api/products?path=/products/category/Dog-Charms&${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('fields a call does not take', () => {
  it('are refused with a 400 naming them, at any depth, and nothing is charged or saved', async () => {
    const session = await filledBag();
    const cases: [string, unknown, string][] = [
      ['/shopping-cart/complete-order', order({ totals: { total: 1 } }), 'totals'],
      ['/shopping-cart/complete-order', order({ shippingAddress: { ...address, country2: 'CA' } }), 'shippingAddress.country2'],
      ['/shopping-cart/complete-order', order({ customer: { email: 'ann@example.com', phone: '512-555-0142', vip: true } }), 'customer.vip'],
      ['/shopping-cart/save', { orderComment: 'typo' }, 'orderComment'],
      ['/shopping-cart/items', { productId: 1, metalId: 40, engraving: { text: 'A', font: 'block', color: 'red' } }, 'engraving.color'],
      ['/shopping-cart/payments/braintree/client-token', { merchantAccountId: 'x' }, 'merchantAccountId'],
    ];
    for (const [url, body, field] of cases) {
      const response = await call(session, 'POST', url, body);
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).details, url).toEqual([{ field, message: 'is not a field this call accepts' }]);
    }
    expect(state.sales).toEqual([]);
    expect((await bagOf(session)).orderComments).toBeNull();
  });
});

describe('markup in catalog data and settings', () => {
  it('reaches the order confirmation email as text, never as markup', async () => {
    const hostile = '<img src=x onerror=alert(1)></script><script>alert(1)</script>';
    const owner = await staffApi(t, { name: 'Olive Owner' });
    await saveSettings(owner, { storeName: `Charms ${hostile}` });
    const created = await owner.call('POST', '/admin-products', {
      name: `Tag ${hostile}`.slice(0, 120),
      description: `javascript:alert(1) ${hostile}`,
      kind: 'charm',
      categoryIds: [1],
      primaryCategoryId: 1,
      prices: [{ metal: 'sterling-silver', price: '42.50', available: true }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const session = await newSession();
    expect((await call(session, 'POST', '/shopping-cart/items', { productId: (created.json() as { id: number }).id, metalId: 40 })).statusCode).toBe(200);
    const placed = await call(session, 'POST', '/shopping-cart/complete-order', order());
    expect(placed.statusCode, placed.body).toBe(200);
    const [email] = await queryRows<{ html: string; subject: string }>(t.database.db, sql`select e.html, e.subject from email_outbox e join orders o on o.id = e.order_id where o.number = ${(placed.json() as { order: { number: string } }).order.number}`);
    expect(email!.html).not.toMatch(/<img|<script|<\/script/i);
    expect(email!.html).toContain('Tag &lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email!.html).toContain('from Charms &lt;img src=x');
  });
});
