import { randomBytes, randomUUID } from 'node:crypto';
import { type PromotionDetail, type PromotionSummary, promotionDetailSchema, promotionListSchema } from '@charms/contracts/admin-promotions';
import { bagResponseSchema } from '@charms/contracts/bag';
import { productListResponseSchema } from '@charms/contracts/catalog';
import { completeOrderResponseSchema } from '@charms/contracts/checkout';
import { INVALID_CODE_MESSAGE } from '@charms/domain/promotions';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { errorOf, shopperApi, staffApi, useTestApp } from './helper';

const t = useTestApp();
type Staff = Awaited<ReturnType<typeof staffApi>>;
let owner: Staff;
let clerk: Staff;

beforeAll(async () => {
  owner = await staffApi(t, { name: 'Olive Owner' });
  clerk = await staffApi(t, { role: 'staff', name: 'Carl Clerk' });
});

const uniqueCode = (prefix = 'TEST') => `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`;
const valid = (overrides: Record<string, unknown> = {}) => ({ code: uniqueCode(), description: 'Ten percent off', kind: 'percent', value: '10', ...overrides });

function detailOf(response: { statusCode: number; body: string; json: () => unknown }, status = 200): PromotionDetail {
  expect(response.statusCode, response.body).toBe(status);
  return promotionDetailSchema.parse(response.json());
}
const create = async (body: Record<string, unknown> = valid()) => detailOf(await owner.call('POST', '/admin-promotions', body), 201);
const read = async (id: number) => detailOf(await clerk.call('GET', `/admin-promotions/${id}`));
const list = async (): Promise<PromotionSummary[]> => promotionListSchema.parse((await clerk.call('GET', '/admin-promotions')).json()).promotions;

/** Everything a refused call could have changed: the promotions and the trail. */
const snapshot = async () => ({
  promotions: await queryRows(t.database.db, sql`select * from promotions order by id`),
  audit: await queryRows(t.database.db, sql`select id from admin_audit order by id`),
});

/** A shopper's bag with one charm (through the storefront's calls), and the checkout that places it. */
function shopper() {
  const { newSession, call } = shopperApi(t);
  return {
    call,
    async bagWithCharm() {
      const listed = productListResponseSchema.parse((await t.app.inject('/api/products?path=/products/category/charm-tags&metalId=40&pageSize=1')).json());
      const session = await newSession();
      const added = await call(session, 'POST', '/shopping-cart/items', { productId: listed.products[0]!.id, metalId: 40, quantity: 2 });
      expect(added.statusCode, added.body).toBe(200);
      return session;
    },
    async checkout(session: string) {
      const response = await call(session, 'POST', '/shopping-cart/complete-order', {
        paymentMethodNonce: 'fake-valid-visa-nonce',
        idempotencyKey: randomUUID(),
        customer: { email: 'promo-shopper@example.com', phone: '512-555-0142' },
        shippingAddress: { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' },
        shippingTypeId: 'ground',
      });
      expect(response.statusCode, response.body).toBe(200);
      return completeOrderResponseSchema.parse(response.json()).order;
    },
  };
}

describe('creating a promotion', () => {
  it('stores a percent code upper-case with its limits, active, and records who created it', async () => {
    const code = uniqueCode('spring');
    const created = await create(valid({ code: ` ${code.toLowerCase()} `, minimumOrder: '25.50', maxUses: 100, maxUsesPerSession: '1' }));
    expect(created).toMatchObject({ code: code.toUpperCase(), kind: 'percent', value: 10, minimumMerchandiseCents: 2550, maxUses: 100, maxUsesPerSession: 1, status: 'active', uses: 0, revenueCents: 0 });
    expect(created.history).toHaveLength(1);
    expect(created.history[0]).toMatchObject({ actor: 'Olive Owner', action: 'created', changes: { code: { before: null, after: code.toUpperCase() }, value: { before: null, after: 10 } } });
    expect((await list()).map((promotion) => promotion.code)).toContain(code.toUpperCase());
  });

  it('takes an amount in dollars and keeps it in cents; a future start is scheduled', async () => {
    const created = await create(valid({ kind: 'amount', value: '12.50', startsAt: '2099-01-01T00:00:00-06:00', endsAt: '2099-02-01T00:00:00-06:00' }));
    expect(created).toMatchObject({ kind: 'amount', value: 1250, status: 'scheduled', startsAt: '2099-01-01T06:00:00.000Z' });
  });

  it('refuses every bad input with 400 and a message naming the field, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [valid({ code: 'SPRING-25' }), 'code', /letters and digits/],
      [valid({ code: 'AB' }), 'code', /3 to 30/],
      [valid({ code: '' }), 'code', /required/],
      [valid({ description: '  ' }), 'description', /required/],
      [valid({ kind: 'bogo' }), 'kind', /percent or amount/],
      [valid({ value: '0' }), 'value', /1 to 100/],
      [valid({ value: '101' }), 'value', /1 to 100/],
      [valid({ value: '12.5' }), 'value', /whole percent/],
      [valid({ kind: 'amount', value: '0' }), 'value', /more than \$0\.00/],
      [valid({ kind: 'amount', value: '0.00' }), 'value', /more than \$0\.00/],
      [valid({ kind: 'amount', value: '-5' }), 'value', /at most two decimals/],
      [valid({ kind: 'amount', value: 5.555 }), 'value', /at most two decimals/],
      [valid({ kind: 'amount', value: '5.555' }), 'value', /at most two decimals/],
      [valid({ minimumOrder: '-1' }), 'minimumOrder', /0 or more/],
      [valid({ minimumOrder: '10.001' }), 'minimumOrder', /two decimals/],
      [valid({ startsAt: '2026-06-02T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' }), 'endsAt', /after the start/],
      [valid({ startsAt: 'tomorrow' }), 'startsAt', /date and time/],
      [valid({ maxUses: 0 }), 'maxUses', /at least 1/],
      [valid({ maxUses: '2.5' }), 'maxUses', /whole number/],
      [valid({ maxUsesPerSession: -1 }), 'maxUsesPerSession', /at least 1/],
      [valid({ timesUsed: 5 }), 'timesUsed', /./],
    ];
    for (const [body, field, message] of cases) {
      const response = await owner.call('POST', '/admin-promotions', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_ERROR');
      const fields = error.details as { field: string; message: string }[];
      expect(fields.find((entry) => entry.field === field)?.message ?? fields.map((entry) => entry.field).join(), JSON.stringify(body)).toMatch(message);
    }
    // No body, or not an object: 400, not a crash.
    for (const body of [undefined, null, [], 'SPRING25']) {
      const response = await owner.call('POST', '/admin-promotions', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Every mistake at once, each beside its field.
    const several = await owner.call('POST', '/admin-promotions', { code: 'no way!', description: '', kind: 'amount', value: '0', minimumOrder: 'lots', endsAt: '2020-01-01T00:00:00Z', startsAt: '2021-01-01T00:00:00Z' });
    expect(several.statusCode).toBe(400);
    expect((errorOf(several).details as { field: string }[]).map((entry) => entry.field).sort()).toEqual(['code', 'description', 'endsAt', 'minimumOrder', 'value']);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a code another promotion has in any case: 409, nothing changed', async () => {
    const first = await create();
    const before = await snapshot();
    const response = await owner.call('POST', '/admin-promotions', valid({ code: first.code.toLowerCase() }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'PROMO_CODE_TAKEN', message: expect.stringContaining(first.code) });
    const seeded = await owner.call('POST', '/admin-promotions', valid({ code: 'welcome10' }));
    expect(errorOf(seeded).code).toBe('PROMO_CODE_TAKEN');
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may do what', () => {
  it('lets staff read promotions but only owners create, edit or end them (403 OWNER_ONLY, nothing changed)', async () => {
    const promotion = await create();
    expect((await read(promotion.id)).code).toBe(promotion.code);
    const before = await snapshot();
    for (const [method, url, body] of [
      ['POST', '/admin-promotions', valid()],
      ['PUT', `/admin-promotions/${promotion.id}`, valid({ code: promotion.code, value: '50' })],
      ['POST', `/admin-promotions/${promotion.id}/end`, undefined],
    ] as const) {
      const response = await clerk.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(response).code).toBe('OWNER_ONLY');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for a promotion that does not exist, and 400 for an id that is not one', async () => {
    expect((await clerk.call('GET', '/admin-promotions/999999')).statusCode).toBe(404);
    expect((await owner.call('PUT', '/admin-promotions/999999', valid())).statusCode).toBe(404);
    expect((await owner.call('POST', '/admin-promotions/999999/end')).statusCode).toBe(404);
    expect((await clerk.call('GET', '/admin-promotions/abc')).statusCode).toBe(400);
  });
});

describe('editing and ending', () => {
  it('an edit records each changed field before and after; an edit to another code in use is 409', async () => {
    const promotion = await create(valid({ value: '10' }));
    const other = await create();
    const edited = detailOf(await owner.call('PUT', `/admin-promotions/${promotion.id}`, valid({ code: promotion.code, description: 'Fifteen off', value: '15', maxUses: '' })));
    expect(edited).toMatchObject({ value: 15, description: 'Fifteen off' });
    expect(edited.history[0]).toMatchObject({
      actor: 'Olive Owner',
      action: 'updated',
      changes: { value: { before: 10, after: 15 }, description: { before: 'Ten percent off', after: 'Fifteen off' } },
    });
    expect(Object.keys(edited.history[0]!.changes).sort()).toEqual(['description', 'value']);
    const taken = await owner.call('PUT', `/admin-promotions/${promotion.id}`, valid({ code: other.code.toLowerCase() }));
    expect(taken.statusCode).toBe(409);
    expect((await read(promotion.id)).code).toBe(promotion.code);
  });

  it('a new code applies in the bag, its order counts as a use and revenue, an edit leaves the order as placed, and an ended code is refused', async () => {
    const promotion = await create(valid({ value: '20' }));
    const shop = shopper();
    const session = await shop.bagWithCharm();
    const applied = bagResponseSchema.parse((await shop.call(session, 'GET', `/shopping-cart/add/promo-code/${promotion.code.toLowerCase()}`)).json());
    expect(applied.tempOrder.promoCode).toMatchObject({ code: promotion.code, applied: true });
    const merchandise = applied.tempOrder.totals.merchandise.cents;
    expect(applied.tempOrder.totals.discount.cents).toBe(Math.round(merchandise / 5));
    const order = await shop.checkout(session);
    expect(order.promoCode).toBe(promotion.code);

    const used = await read(promotion.id);
    expect(used).toMatchObject({ uses: 1, revenueCents: order.totals.total.cents });
    expect(used.recentOrders).toEqual([expect.objectContaining({ number: order.number, totalCents: order.totals.total.cents, discountCents: order.totals.discount.cents })]);

    detailOf(await owner.call('PUT', `/admin-promotions/${promotion.id}`, valid({ code: promotion.code, value: '50' })));
    const [stored] = await queryRows<{ total_cents: number; discount_cents: number }>(t.database.db, sql`select total_cents, discount_cents from orders where number = ${order.number}`);
    expect(stored).toEqual({ total_cents: order.totals.total.cents, discount_cents: order.totals.discount.cents });

    const ended = detailOf(await owner.call('POST', `/admin-promotions/${promotion.id}/end`));
    expect(ended).toMatchObject({ status: 'ended', uses: 1 });
    expect(ended.history[0]).toMatchObject({ action: 'ended', actor: 'Olive Owner', changes: { endsAt: { before: null, after: ended.endsAt } } });
    const again = await owner.call('POST', `/admin-promotions/${promotion.id}/end`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('PROMOTION_ENDED');

    const next = await shop.bagWithCharm();
    const refused = await shop.call(next, 'GET', `/shopping-cart/add/promo-code/${promotion.code}`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(INVALID_CODE_MESSAGE);
    expect((await list()).find((row) => row.id === promotion.id)).toMatchObject({ status: 'ended', uses: 1, revenueCents: order.totals.total.cents });
  });

  it('leaves a cancelled order out of the revenue, and says used up once the limit is reached', async () => {
    const promotion = await create(valid({ maxUses: 1 }));
    const shop = shopper();
    const session = await shop.bagWithCharm();
    await shop.call(session, 'GET', `/shopping-cart/add/promo-code/${promotion.code}`);
    const order = await shop.checkout(session);
    expect(await read(promotion.id)).toMatchObject({ status: 'used-up', uses: 1, revenueCents: order.totals.total.cents });
    const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from orders where number = ${order.number}`);
    const cancelled = await owner.call('POST', `/admin-orders/${row!.id}/cancel`, { reason: 'Shopper asked' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await read(promotion.id)).toMatchObject({ uses: 1, revenueCents: 0 });
  });
});
