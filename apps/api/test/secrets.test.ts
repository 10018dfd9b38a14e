import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { completeOrderResponseSchema } from '@charms/contracts/checkout';
import { productListResponseSchema } from '@charms/contracts/catalog';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { queryRows } from '../src/db/query';
import { orderToken } from '../src/services/order-view';
import { useTestApp } from './helper';

const t = useTestApp();
const others: FastifyInstance[] = [];
afterAll(async () => {
  // The database belongs to the first app; the others only share it.
  for (const app of others) app.database.close = async () => {};
  await Promise.all(others.map((app) => app.close()));
});

/** Another instance of the shop on the same database, as a second server would be. */
async function anotherInstance(config: Record<string, string> = {}) {
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'charms-test-')), ...config }),
    database: t.database,
    logger: false,
  });
  others.push(app);
  return app;
}

async function placeOrder(): Promise<{ number: string; signedPath: string }> {
  const session = ((await t.app.inject({ method: 'POST', url: '/api/user-session' })).json() as { id: string }).id;
  const headers = { userSessionId: session, 'content-type': 'application/json' };
  const product = productListResponseSchema.parse((await t.app.inject('/api/products?path=/products/category/charm-tags&metalId=40&pageSize=1')).json()).products[0]!;
  await t.app.inject({ method: 'POST', url: '/api/shopping-cart/items', headers, payload: JSON.stringify({ productId: product.id, metalId: 40, quantity: 1 }) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/shopping-cart/complete-order',
    headers,
    payload: JSON.stringify({
      paymentMethodNonce: 'fake-valid-visa-nonce',
      idempotencyKey: randomUUID(),
      customer: { email: 'ann@example.com', phone: '512-555-0142' },
      shippingAddress: { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' },
      shippingTypeId: 'two-day',
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return completeOrderResponseSchema.parse(response.json()).order;
}

const byToken = (app: FastifyInstance, number: string, token: string) => app.inject(`/api/orders/${number}?token=${encodeURIComponent(token)}`);

describe('order links', () => {
  it('cannot be forged with any fixed string: the secret is made at random at the first start', async () => {
    const order = await placeOrder();
    // The development value that used to be the default, and strings anyone might try.
    for (const guess of ['development-only-order-link-secret-change-me', '', 'secret', 'changeme', 'x'.repeat(32), 'Charm & Bracelet Co.']) {
      expect((await byToken(t.app, order.number, orderToken(order.number, guess))).statusCode).toBe(404);
    }
    // The link the confirmation carries opens the order.
    const link = await t.app.inject(`/api${order.signedPath.replace('/order/confirmation/', '/orders/')}`);
    expect(link.statusCode).toBe(200);
    const [stored] = await queryRows<{ value: string }>(t.database.db, sql`select value from app_secrets where name = 'order_link'`);
    expect(stored?.value).toMatch(/^[0-9a-f]{64}$/);
  });

  it('opens on every instance of one database, and after a restart', async () => {
    const order = await placeOrder();
    const token = new URL(order.signedPath, 'http://shop').searchParams.get('token')!;
    const second = await anotherInstance();
    expect(second.secrets.orderLink).toBe(t.app.secrets.orderLink);
    expect((await byToken(second, order.number, token)).statusCode).toBe(200);
  });

  it('are signed with ORDER_LINK_SECRET when it is configured, and a short one stops the start', async () => {
    const order = await placeOrder();
    const configured = 'a-configured-secret-of-forty-characters!';
    const instance = await anotherInstance({ ORDER_LINK_SECRET: configured });
    expect((await byToken(instance, order.number, orderToken(order.number, configured))).statusCode).toBe(200);
    const oldToken = new URL(order.signedPath, 'http://shop').searchParams.get('token')!;
    expect((await byToken(instance, order.number, oldToken)).statusCode).toBe(404);
    expect(() => loadConfig({ ORDER_LINK_SECRET: 'short-secret' })).toThrow(/ORDER_LINK_SECRET: must be at least 32 characters/);
  });
});

describe('the stored secret', () => {
  it('is the same for instances that start at the same moment', async () => {
    const { storedSecret } = await import('../src/secrets');
    const name = `race_${Date.now()}`;
    const values = await Promise.all(Array.from({ length: 8 }, () => storedSecret(t.database.db, name)));
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^[0-9a-f]{64}$/);
  });
});
