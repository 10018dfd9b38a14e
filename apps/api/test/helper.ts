import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import type { Clock } from '../src/clock';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import type { DatabaseLocation } from '../src/db/location';
import { migrate } from '../src/db/migrate';
import { queryRows } from '../src/db/query';
import { seed } from '../src/db/seed/seed';
import type { Mailer } from '../src/email/mailer';
import type { PaymentGateway } from '../src/payments/gateway';

/**
 * An isolated, migrated and seeded database for one test file: in-memory PGlite by default, or a fresh
 * database on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped afterwards).
 *
 * Each one is a copy of the template that global-setup.ts migrated and seeded once for the run: on PGlite a new
 * instance loaded from the template's saved data directory, on PostgreSQL `CREATE DATABASE ... TEMPLATE`. Both copy
 * files instead of running the migrations and the seed again, and the copy is the file's own: nothing it writes is
 * seen by another file. Without the template (the helper used outside the api project) it migrates and seeds.
 */
export async function createTestDatabase(
  options: { onDisk?: boolean } = {},
): Promise<{ database: Database; drop: () => Promise<void>; location: DatabaseLocation }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // On disk when another process must open it too (one process at a time, for the embedded database).
    const dataDir = options.onDisk ? mkdtempSync(join(tmpdir(), 'charms-db-')) : 'memory://';
    const templateFile = inject('pgliteTemplateFile');
    const database = await openDatabase({ dataDir }, templateFile ? { startFrom: new Blob([readFileSync(templateFile)]) } : {});
    if (!templateFile) {
      await migrate(database);
      await seed(database.db);
    }
    return {
      database,
      location: { dataDir },
      drop: async () => {
        await database.close();
        if (options.onDisk) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `charms_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  if (!template) {
    await migrate(database);
    await seed(database.db);
  }
  return {
    database,
    location: { url: url.toString() },
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The whole API on its own test database, built once per test file; requests go through app.inject(). */
export function useTestApp(
  options: { config?: Record<string, string>; paymentGateway?: PaymentGateway; mailer?: Mailer; logStream?: DestinationStream; clock?: Clock } = {},
): { readonly app: FastifyInstance; readonly database: Database; readonly location: DatabaseLocation } {
  const state = {} as { app: FastifyInstance; database: Database; location: DatabaseLocation; drop: () => Promise<void> };
  beforeAll(async () => {
    const { database, drop, location } = await createTestDatabase();
    state.database = database;
    state.location = location;
    state.drop = drop;
    state.app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'charms-test-')), ...options.config }),
      database,
      // Silent, unless the test reads the shop's log lines (then at the level its config names).
      ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
      checkResponses: true,
      ...(options.paymentGateway ? { paymentGateway: options.paymentGateway } : {}),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
  }, 60_000);
  afterAll(async () => {
    // app.close() closes the database through its onClose hook; drop() then removes a server database.
    await state.app?.close();
    await state.drop?.();
  });
  return state;
}

/** Asserts the one error shape and returns its body. */
export function errorOf(response: { statusCode: number; json: () => unknown }) {
  const body = response.json() as { error: { code: string; message: string; details?: unknown } };
  return body.error;
}

/** A shopper's side of the API: a new session, and calls made with it (bodies sent as JSON). */
export function shopperApi(t: { readonly app: FastifyInstance }) {
  return {
    newSession: async (): Promise<string> => ((await t.app.inject({ method: 'POST', url: '/api/user-session' })).json() as { id: string }).id,
    call: (session: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      t.app.inject({
        method,
        url: `/api${url}`,
        headers: { userSessionId: session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  };
}

/**
 * A staff member's side of the API: an account (owner unless told), signed in through POST /account/authenticate,
 * whose calls carry the session cookie and, unless `csrf: false`, the CSRF token (header and cookie).
 */
export async function staffApi(
  t: { readonly app: FastifyInstance; readonly database: Database },
  options: { email?: string; role?: 'owner' | 'staff'; name?: string; password?: string } = {},
) {
  const { createOrResetStaff } = await import('../src/staff/accounts');
  const email = options.email ?? `staff-${randomBytes(4).toString('hex')}@charms.example`;
  const password = options.password ?? 'a long test password';
  const { staff } = await createOrResetStaff(t.database.db, { email, password, role: options.role ?? 'owner', name: options.name ?? 'Sam Staff' });
  const signIn = await t.app.inject({ method: 'POST', url: '/api/account/authenticate', payload: { email, password } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const cookies = Object.fromEntries(signIn.cookies.map((cookie) => [cookie.name, cookie.value]));
  const session = cookies.staff_session!;
  const csrf = cookies['XSRF-TOKEN']!;
  return {
    staff,
    email,
    password,
    session,
    csrf,
    call: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, callOptions: { csrf?: boolean } = {}) =>
      t.app.inject({
        method,
        url: `/api${url}`,
        cookies: { staff_session: session, ...(callOptions.csrf === false ? {} : { 'XSRF-TOKEN': csrf }) },
        headers: {
          ...(callOptions.csrf === false || method === 'GET' ? {} : { 'x-xsrf-token': csrf }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  };
}

/** A clock that stands still until moved; its sleeps return at once and are remembered (the sign-in slow-down). */
export function testClock(start = new Date()) {
  let now = start.getTime();
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => new Date(now),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
  return { clock, sleeps, advance: (ms: number) => void (now += ms) };
}

/**
 * A product straight into the table, with no prices, categories or photos (the test adds what it needs): a charm of
 * the given shape, its primary category named by slug. Answers its id.
 */
export async function insertBareProduct(
  db: Database['db'],
  product: { slug: string; name: string; shape?: string; category?: string; unitsSold?: number },
): Promise<number> {
  const { slug, name, shape = 'star', category = 'Heart-Charms', unitsSold = 0 } = product;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into products (slug, name, description, kind, shape, primary_category_id, units_sold)
        values (${slug}, ${name}, 'A test charm.', 'charm', ${shape}, (select id from categories where url_friendly_name = ${category}), ${unitsSold})
        returning id`,
  );
  return row!.id;
}
