import { mkdtempSync } from 'node:fs';
import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { createTestDatabase } from './helper';

/**
 * What a client sees while the database cannot be reached: 503 with Retry-After in the error shape (never 500),
 * /api/ready not ready, and answers again once the database is back.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function appOn(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'charms-test-')) }), database, logger: false });
  cleanups.push(() => app.close());
  return app;
}

async function expectUnavailable(app: FastifyInstance) {
  for (const request of [
    { method: 'GET' as const, url: '/api/products?path=/products/category/charm-tags&metalId=40' },
    { method: 'POST' as const, url: '/api/user-session' },
    { method: 'GET' as const, url: '/api/categories' },
  ]) {
    const response = await app.inject(request);
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('try again'), details: { retryAfterSeconds: 5 } },
    });
  }
  const ready = await app.inject('/api/ready');
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ error: { code: 'NOT_READY' } });
  expect(ready.headers['retry-after']).toBe('5');
}

/** A TCP relay in front of PostgreSQL that the test can cut, as a network fault or a server stop would. */
async function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    url: () => {
      const url = new URL(target);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server!.close(resolve));
    },
    restore: start,
  };
}

describe('a database that cannot be reached', () => {
  it('answers 503 with Retry-After, never 500, when the embedded database is gone', { timeout: 60_000 }, async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const { migrate } = await import('../src/db/migrate');
    await migrate(database);
    const app = await appOn(database);
    await database.close();
    await expectUnavailable(app);
  });

  // Skipped on PGlite, which runs inside the test process and cannot be cut off from it: this needs a PostgreSQL
  // server behind a relay (TEST_DATABASE_URL, set in CI's PostgreSQL step). The test above covers the embedded database.
  it.runIf(process.env.TEST_DATABASE_URL)('answers 503 while PostgreSQL is cut off, and serves again when it is back', { timeout: 60_000 }, async () => {
    const { database: direct, drop } = await createTestDatabase();
    cleanups.push(drop);
    const relay = await relayTo(new URL(direct.url!));
    const database = await openDatabase({ url: relay.url() });
    const app = await appOn(database);
    expect((await app.inject('/api/categories')).statusCode).toBe(200);

    await relay.cut();
    await expectUnavailable(app);

    await relay.restore();
    await expect.poll(async () => (await app.inject('/api/categories')).statusCode, { timeout: 10_000 }).toBe(200);
    expect((await app.inject('/api/ready')).statusCode).toBe(200);
  });
});
