import { type AddressInfo, connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { errorOf, useTestApp } from './helper';

const t = useTestApp();

describe('errors have one shape and never leak internals', () => {
  it('unknown API paths answer 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'There is no GET /api/no-such-thing in this API.' });
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user-session',
      headers: { 'content-type': 'application/json' },
      payload: '{"metalId": 40,',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'INVALID_JSON', message: 'The body is not valid JSON.' });
  });

  it('only JSON bodies are accepted', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/user-session', headers: { 'content-type': type }, payload: 'metalId=40' });
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('bodies over 100 KB are refused with 413', async () => {
    const payload = JSON.stringify({ productsOrderBy: 'x'.repeat(BODY_LIMIT_BYTES) });
    const response = await t.app.inject({ method: 'POST', url: '/api/user-session', headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('BODY_TOO_LARGE');
  });

  it('a JSON prototype-pollution attempt is refused and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user-session',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('a failure inside a handler answers 500 with a reference and no internals', async () => {
    // Configured secrets: the broken database is not asked for stored ones at start.
    const broken = await buildApp({
      config: loadConfig({ ORDER_LINK_SECRET: 'o'.repeat(32), COOKIE_SECRET: 'c'.repeat(32) }),
      logger: false,
      database: {
        ...t.database,
        db: new Proxy(t.database.db, {
          get() {
            throw new Error('connection string postgres://secret@db');
          },
        }),
        close: async () => {},
      },
    });
    const response = await broken.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(500);
    const error = errorOf(response);
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(error.message).toContain(response.headers['x-request-id']);
    expect(response.body).not.toContain('secret');
    await broken.close();
  });
});

describe('operations', () => {
  it('health says the process is up; ready says which database answers and where rate limits are counted', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind, rateLimits: 'database' });
  });

  it('ready answers 503 in the error shape when the database does not answer', async () => {
    const { buildApp } = await import('../src/app');
    const { loadConfig } = await import('../src/config');
    const down = await buildApp({
      config: loadConfig({}),
      logger: false,
      database: { ...t.database, ping: async () => Promise.reject(new Error('down')), close: async () => {} },
    });
    const response = await down.inject('/api/ready');
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('NOT_READY');
    await down.close();
  });

  it('every response carries a request id, and a sane caller-given id is kept', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'checkout-42' } });
    expect(own.headers['x-request-id']).toBe('checkout-42');
    const hostile = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document generated from the schemas, and browsable docs', async () => {
    const response = await t.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/categories', '/api/menu', '/api/user-session', '/api/user-session/{id}', '/api/health', '/api/ready']),
    );
    expect(doc.paths['/api/user-session']).toHaveProperty('put');
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('slow clients', () => {
  it('a client that sends its headers a byte at a time is cut off after 10 s, not held for minutes', { timeout: 60_000 }, async () => {
    // A second instance on the test's database, listening on a real port; the database stays open for the others.
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database: { ...t.database, close: async () => {} }, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const started = Date.now();
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write('GET /api/health HTTP/1.1\r\nHost: shop\r\nX-Slow: ');
      const drip = setInterval(() => socket.writable && socket.write('a'), 1_000);
      await closed;
      clearInterval(drip);
      const held = Date.now() - started;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(held).toBeGreaterThanOrEqual(9_000);
      expect(held).toBeLessThan(20_000);
    } finally {
      await app.close();
    }
  });
});
