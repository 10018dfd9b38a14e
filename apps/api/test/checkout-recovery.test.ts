import { completeOrderResponseSchema } from '@charms/contracts/checkout';
import { productListResponseSchema } from '@charms/contracts/catalog';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import type { DatabaseLocation } from '../src/db/location';
import { queryRows } from '../src/db/query';
import { createTestGateway } from '../src/payments/test-gateway';
import { controllableGateway, startSmtpServer } from './checkout-support';
import { createTestDatabase, errorOf } from './helper';

/**
 * Checkouts interrupted in the middle of a payment: the process killed (a child process, SIGKILL) before or
 * after the charge, or the database gone while the card is charged. The reconciliation job then settles them by
 * asking the gateway, which keeps its charges in a ledger file so that they outlive the process that made them.
 */
const smtp = await startSmtpServer();
const ledgerFile = join(mkdtempSync(join(tmpdir(), 'charms-gateway-')), 'transactions.jsonl');
const { gateway, state } = controllableGateway(createTestGateway({ ledgerFile }));
const dataDir = mkdtempSync(join(tmpdir(), 'charms-test-'));
let location: DatabaseLocation;
let drop: () => Promise<void>;
let app: FastifyInstance | undefined;

/** The shop on the test database; closed while a child process has the (embedded) database to itself. */
async function openShop(): Promise<FastifyInstance> {
  const database = await openDatabase(location);
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SMTP_URL: smtp.url }),
    database,
    logger: false,
    checkResponses: true,
    paymentGateway: gateway,
  });
  await app.ready();
  return app;
}
async function closeShop() {
  await app?.close();
  app = undefined;
}

beforeAll(async () => {
  const created = await createTestDatabase({ onDisk: true });
  location = created.location;
  drop = created.drop;
  await created.database.close();
}, 60_000);
afterAll(async () => {
  await closeShop();
  await drop?.();
  await smtp.close();
});
beforeEach(() => {
  Object.assign(state, { sales: [], loseAnswer: null, lookupFails: false, onApproved: null, acceptAnyNonce: false, voidFails: false, voided: [] });
});

const address = { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' };
const orderBody = () => ({
  paymentMethodNonce: 'fake-valid-visa-nonce',
  idempotencyKey: randomUUID(),
  customer: { email: 'ann@example.com', phone: '512-555-0142' },
  shippingAddress: address,
  shippingTypeId: 'two-day',
});
function call(shop: FastifyInstance, session: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  return shop.inject({
    method,
    url: `/api${url}`,
    headers: { userSessionId: session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}
/** A new session with a charm in its bag; returns the session and the charm. */
async function bagWithCharm(shop: FastifyInstance) {
  const session = ((await shop.inject({ method: 'POST', url: '/api/user-session' })).json() as { id: string }).id;
  const charm = productListResponseSchema.parse((await shop.inject('/api/products?path=/products/category/charm-tags&metalId=40&pageSize=1')).json()).products[0]!;
  expect((await call(shop, session, 'POST', '/shopping-cart/items', { productId: charm.id, metalId: 40, quantity: 1 })).statusCode).toBe(200);
  return { session, charm };
}
const bagLines = async (shop: FastifyInstance, session: string) =>
  ((await call(shop, session, 'GET', '/shopping-cart')).json() as { tempOrder: { tempOrderItems: unknown[] } }).tempOrder.tempOrderItems;
const ordersOf = (shop: FastifyInstance, session: string) =>
  queryRows<{ id: string; number: string; status: string; transactionId: string | null }>(
    shop.database.db,
    sql`select id, number, status, payment_transaction_id as "transactionId" from orders where session_id = ${session}`,
  );
const attemptsOf = (shop: FastifyInstance, session: string) =>
  queryRows<{ status: string }>(shop.database.db, sql`select status from payment_attempts where session_id = ${session}`);
const emailsAbout = (number: string) => smtp.messages.filter((message) => message.raw.includes(number)).length;

/** Places the session's order in a child process, stopped at `stop` and killed there with SIGKILL. */
async function checkoutKilled(session: string, body: ReturnType<typeof orderBody>, stop: 'before-charge' | 'after-charge') {
  const script = fileURLToPath(new URL('./interrupted-checkout.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify({ location, ledgerFile, sessionId: session, body, stop })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('stopped\n')) resolve();
    });
    child.on('exit', () => reject(new Error(`the checkout process ended by itself: ${output}`)));
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

describe('a checkout killed in the middle of its payment', () => {
  it('charged, then killed before the order was recorded: a retry says where it stands at once; the job completes it, one email', async () => {
    let shop = await openShop();
    const { session } = await bagWithCharm(shop);
    const body = orderBody();
    await closeShop();
    await checkoutKilled(session, body, 'after-charge');

    shop = await openShop();
    const [pending] = await ordersOf(shop, session);
    expect(pending?.status).toBe('pending_payment');
    // A retry with the same key is answered with the order's number and state (it does not wait for the job).
    const retry = await call(shop, session, 'POST', '/shopping-cart/complete-order', body);
    expect(retry.statusCode).toBe(409);
    expect(errorOf(retry)).toMatchObject({ code: 'ORDER_IN_PROGRESS', details: { orderNumber: pending!.number, status: 'pending_payment' } });

    expect(await shop.checkout.reconcileNow({ interruptedAfterMs: 0 })).toEqual({ paid: 1, released: 0, unknown: 0 });
    const charge = await createTestGateway({ ledgerFile }).findByOrderId(pending!.id);
    expect(await ordersOf(shop, session)).toEqual([{ ...pending, status: 'paid', transactionId: charge!.transactionId }]);
    expect(await attemptsOf(shop, session)).toEqual([{ status: 'succeeded' }]);
    expect(await bagLines(shop, session)).toEqual([]);
    await expect.poll(() => emailsAbout(pending!.number), { timeout: 10_000 }).toBe(1);
    // Running again, or retrying, changes nothing and sends nothing more.
    expect(await shop.checkout.reconcileNow({ interruptedAfterMs: 0 })).toEqual({ paid: 0, released: 0, unknown: 0 });
    const again = await call(shop, session, 'POST', '/shopping-cart/complete-order', body);
    expect(completeOrderResponseSchema.parse(again.json()).order).toMatchObject({ number: pending!.number, status: 'paid' });
    await shop.emailDelivery.deliverNow();
    expect(emailsAbout(pending!.number)).toBe(1);
    expect(state.sales).toHaveLength(0);
  }, 60_000);

  it('killed before the charge: the job releases the order and the bag, which can then change and check out', async () => {
    let shop = await openShop();
    const { session, charm } = await bagWithCharm(shop);
    const linesBefore = await bagLines(shop, session);
    await closeShop();
    await checkoutKilled(session, orderBody(), 'before-charge');

    shop = await openShop();
    const [pending] = await ordersOf(shop, session);
    expect(pending?.status).toBe('pending_payment');
    expect((await call(shop, session, 'POST', '/shopping-cart/items', { productId: charm.id, metalId: 40, quantity: 1 })).statusCode).toBe(409);

    expect(await shop.checkout.reconcileNow({ interruptedAfterMs: 0 })).toEqual({ paid: 0, released: 1, unknown: 0 });
    expect(await ordersOf(shop, session)).toEqual([]);
    expect(await attemptsOf(shop, session)).toEqual([{ status: 'failed' }]);
    expect(await bagLines(shop, session)).toEqual(linesBefore);
    expect((await call(shop, session, 'POST', '/shopping-cart/items', { productId: charm.id, metalId: 40, quantity: 1 })).statusCode).toBe(200);
    await shop.emailDelivery.deliverNow();
    expect(emailsAbout(pending!.number)).toBe(0);
    const placed = await call(shop, session, 'POST', '/shopping-cart/complete-order', orderBody());
    expect(placed.statusCode, placed.body).toBe(200);
  }, 60_000);
});

// The embedded database lives inside the test process and cannot go down on its own: these run on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the database gone while the card is charged (PostgreSQL)', () => {
  /** Cuts the shop off its database: open connections ended, new ones refused, until `restore`. */
  async function databaseOutage() {
    const name = new URL((location as { url: string }).url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`alter database ${name} with allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    return async () => {
      await admin.query(`alter database ${name} with allow_connections true`);
      await admin.end();
    };
  }

  it('the charge is voided; the order left unfinished is released by the job once the database is back', async () => {
    const shop = await openShop();
    const { session } = await bagWithCharm(shop);
    const linesBefore = await bagLines(shop, session);
    let restore: (() => Promise<void>) | undefined;
    state.onApproved = async () => {
      restore = await databaseOutage();
    };
    const response = await call(shop, session, 'POST', '/shopping-cart/complete-order', orderBody());
    await restore!();
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('ORDER_NOT_SAVED');
    expect(state.voided).toHaveLength(1);

    expect(await shop.checkout.reconcileNow({ interruptedAfterMs: 0 })).toMatchObject({ paid: 0, released: 1 });
    expect(await ordersOf(shop, session)).toEqual([]);
    expect(await attemptsOf(shop, session)).toEqual([{ status: 'failed' }]);
    expect(await bagLines(shop, session)).toEqual(linesBefore);
  }, 60_000);

  it('the void fails too: the job finds the charge and completes the order, with one email', async () => {
    const shop = await openShop();
    const { session } = await bagWithCharm(shop);
    let restore: (() => Promise<void>) | undefined;
    state.voidFails = true;
    state.onApproved = async () => {
      restore = await databaseOutage();
    };
    const response = await call(shop, session, 'POST', '/shopping-cart/complete-order', orderBody());
    await restore!();
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('PAYMENT_UNCONFIRMED');

    expect(await shop.checkout.reconcileNow({ interruptedAfterMs: 0 })).toMatchObject({ paid: 1, released: 0 });
    const [paid] = await ordersOf(shop, session);
    expect(paid).toMatchObject({ status: 'paid', transactionId: expect.any(String) });
    expect(await attemptsOf(shop, session)).toEqual([{ status: 'succeeded' }]);
    expect(await bagLines(shop, session)).toEqual([]);
    await expect.poll(() => emailsAbout(paid!.number), { timeout: 10_000 }).toBe(1);
    await shop.emailDelivery.deliverNow();
    expect(emailsAbout(paid!.number)).toBe(1);
  }, 60_000);
});
