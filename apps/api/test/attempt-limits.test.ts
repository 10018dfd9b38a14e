import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { errorOf, useTestApp } from './helper';
import { unreachableRedisUrl } from './redis-support';

const t = useTestApp();
const others: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(others.map((app) => app.close()));
});

/** Another instance of the API on this file's database, with its own settings. */
async function instance(config: Record<string, string>) {
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'charms-test-')), ...config }),
    database: { ...t.database, close: async () => {} },
    logger: false,
    checkResponses: true,
  });
  others.push(app);
  return app;
}

type Client = { remoteAddress?: string; headers?: Record<string, string> };

async function newSession(app: FastifyInstance = t.app) {
  return ((await app.inject({ method: 'POST', url: '/api/user-session' })).json() as { id: string }).id;
}
function tryCode(session: string, code: string, { app = t.app, remoteAddress, headers = {} }: Client & { app?: FastifyInstance } = {}) {
  return app.inject({
    method: 'GET',
    url: `/api/shopping-cart/add/promo-code/${code}`,
    headers: { userSessionId: session, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
const wrongCode = () => `NOPE${randomUUID().slice(0, 8).toUpperCase()}`;
const codesOf = (responses: { json: () => unknown; statusCode: number }[]) => responses.map((response) => errorOf(response).code);

describe('promo codes: counted first, then judged', () => {
  it('of 50 wrong codes sent at once from one session, only 10 are checked; the rest wait', async () => {
    const session = await newSession();
    const responses = await Promise.all(Array.from({ length: 50 }, () => tryCode(session, wrongCode(), { remoteAddress: '192.0.2.50' })));
    const codes = codesOf(responses);
    expect(codes.filter((code) => code === 'PROMO_CODE_INVALID')).toHaveLength(10);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(40);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(refused).message).toMatch(/Too many promo codes tried\. Please wait 15 minutes/);
  });

  it('a code typed right uses up nothing: a shopper with nine typos can still apply codes', async () => {
    const session = await newSession();
    for (let i = 0; i < 9; i++) expect((await tryCode(session, wrongCode(), { remoteAddress: '192.0.2.51' })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await tryCode(session, 'WELCOME10', { remoteAddress: '192.0.2.51' })).statusCode).toBe(200);
    expect((await tryCode(session, wrongCode(), { remoteAddress: '192.0.2.51' })).statusCode).toBe(400);
    expect(errorOf(await tryCode(session, wrongCode(), { remoteAddress: '192.0.2.51' })).code).toBe('RATE_LIMITED');
  });

  it('an address gets 30 wrong codes across its sessions; another address is not affected', async () => {
    for (let s = 0; s < 3; s++) {
      const session = await newSession();
      for (let i = 0; i < 10; i++) expect((await tryCode(session, wrongCode(), { remoteAddress: '192.0.2.52' })).statusCode).toBe(400);
    }
    expect(errorOf(await tryCode(await newSession(), 'WELCOME10', { remoteAddress: '192.0.2.52' })).code).toBe('RATE_LIMITED');
    expect((await tryCode(await newSession(), 'WELCOME10', { remoteAddress: '192.0.2.53' })).statusCode).toBe(200);
  });
});

// Redis is a real server, not a mock: these run where TEST_REDIS_URL names one (CI sets it, Redis on 127.0.0.1:6379).
// Without it the tests above still run, against the database counts the shop uses when REDIS_URL is unset.
describe.skipIf(!process.env.TEST_REDIS_URL)('promo codes counted in Redis', () => {
  it('of 50 wrong codes sent at once from one session, only 10 are checked', async () => {
    const app = await instance({ REDIS_URL: process.env.TEST_REDIS_URL! });
    await expect.poll(async () => (await app.inject('/api/ready')).json()).toMatchObject({ rateLimits: 'redis' });
    const session = await newSession(app);
    const codes = codesOf(await Promise.all(Array.from({ length: 50 }, () => tryCode(session, wrongCode(), { app, remoteAddress: '192.0.2.60' }))));
    expect(codes.filter((code) => code === 'PROMO_CODE_INVALID')).toHaveLength(10);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(40);
  });
});

describe('promo codes while Redis is unreachable', () => {
  // The answers' speed is a benchmark's matter, not a test's: here, that each is answered and counted by the database.
  it('are answered and still limited (the database counts), and /api/ready says so', async () => {
    const app = await instance({ REDIS_URL: await unreachableRedisUrl() });
    const session = await newSession(app);
    for (let i = 0; i < 10; i++) {
      const response = await tryCode(session, wrongCode(), { app, remoteAddress: '192.0.2.70' });
      expect(errorOf(response).code).toBe('PROMO_CODE_INVALID');
    }
    expect(errorOf(await tryCode(session, wrongCode(), { app, remoteAddress: '192.0.2.70' })).code).toBe('RATE_LIMITED');
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', rateLimits: 'database-fallback' });
  });
});

describe('TRUST_PROXY names the proxies whose X-Forwarded-For is believed', () => {
  it('a client that writes its own X-Forwarded-For on every request is still counted at its address', async () => {
    const app = await instance({ TRUST_PROXY: '10.0.0.0/8' });
    const forged = () => ({ 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` });
    for (let s = 0; s < 3; s++) {
      const session = await newSession(app);
      for (let i = 0; i < 10; i++) await tryCode(session, wrongCode(), { app, remoteAddress: '203.0.113.9', headers: forged() });
    }
    expect(errorOf(await tryCode(await newSession(app), wrongCode(), { app, remoteAddress: '203.0.113.9', headers: forged() })).code).toBe('RATE_LIMITED');
  });

  it('behind the proxy, the address the proxy saw counts, not what the client prepended', async () => {
    const app = await instance({ TRUST_PROXY: '10.0.0.0/8' });
    const viaProxy = (client: string) => ({ remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}, ${client}` } });
    for (let s = 0; s < 3; s++) {
      const session = await newSession(app);
      for (let i = 0; i < 10; i++) await tryCode(session, wrongCode(), { app, ...viaProxy('203.0.113.10') });
    }
    expect(errorOf(await tryCode(await newSession(app), wrongCode(), { app, ...viaProxy('203.0.113.10') })).code).toBe('RATE_LIMITED');
    // Another shopper behind the same proxy is not blocked.
    expect((await tryCode(await newSession(app), 'WELCOME10', { app, ...viaProxy('203.0.113.11') })).statusCode).toBe(200);
  });
});

describe('placing an order is limited per session and per address', () => {
  const address = { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' };
  const order = (nonce: string) => ({
    paymentMethodNonce: nonce,
    idempotencyKey: randomUUID(),
    customer: { email: 'ann@example.com', phone: '512-555-0142' },
    shippingAddress: address,
    shippingTypeId: 'ground',
  });
  function placeOrder(session: string, nonce: string, remoteAddress: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/shopping-cart/complete-order',
      headers: { userSessionId: session, 'content-type': 'application/json' },
      payload: JSON.stringify(order(nonce)),
      remoteAddress,
    });
  }
  async function sessionWithCharm() {
    const session = await newSession();
    const charm = (await t.app.inject('/api/products?path=/products/category/charm-tags&metalId=40&pageSize=1')).json() as { products: { id: number }[] };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/shopping-cart/items',
      headers: { userSessionId: session, 'content-type': 'application/json' },
      payload: JSON.stringify({ productId: charm.products[0]!.id, metalId: 40, quantity: 1 }),
    });
    expect(added.statusCode).toBe(200);
    return session;
  }

  it('after 8 declined cards in a session, the next card is not tried', async () => {
    const session = await sessionWithCharm();
    for (let i = 0; i < 8; i++) expect(errorOf(await placeOrder(session, 'fake-processor-declined-visa-nonce', '192.0.2.80')).code).toBe('PAYMENT_DECLINED');
    const refused = await placeOrder(session, 'fake-valid-visa-nonce', '192.0.2.80');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(errorOf(refused).message).toMatch(/Too many payment attempts/);
  });

  it('an address gets 20 failed attempts across its sessions; a paid order uses up none', async () => {
    expect((await placeOrder(await sessionWithCharm(), 'fake-valid-visa-nonce', '192.0.2.81')).statusCode).toBe(200);
    for (let s = 0; s < 3; s++) {
      const session = await sessionWithCharm();
      const tries = s < 2 ? 8 : 4;
      for (let i = 0; i < tries; i++) expect((await placeOrder(session, 'fake-processor-declined-visa-nonce', '192.0.2.81')).statusCode).toBe(402);
    }
    expect(errorOf(await placeOrder(await sessionWithCharm(), 'fake-valid-visa-nonce', '192.0.2.81')).code).toBe('RATE_LIMITED');
    expect((await placeOrder(await sessionWithCharm(), 'fake-valid-visa-nonce', '192.0.2.82')).statusCode).toBe(200);
  });
});
