import { type AddressInfo, connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { HSTS, PERMISSIONS_POLICY } from '../src/plugins/security-headers';
import { useTestApp } from './helper';

/** The headers every answer carries, whatever it is: a JSON answer, an error, a page. */
function expectBrowserProtections(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
}

function directivesOf(policy: unknown): Map<string, string[]> {
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('over plain HTTP', () => {
  const t = useTestApp();
  beforeAll(() => {
    // A page route as the storefront registers it (apps/web/server/storefront-plugin.ts), echoing its nonce.
    t.app.get('/a-page', { config: { pagePolicy: true } }, async (_request, reply) => reply.cspNonce.script);
    // An answer that starts, then waits for the connection to end: an answer under way.
    t.app.get('/an-answer-under-way', async (request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
      reply.raw.write('the first part;');
      await new Promise((resolve) => request.raw.socket.once('close', resolve));
    });
  });

  it('an API answer may not be framed, sniffed or run anything, and names no referrer beyond our origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expectBrowserProtections(response.headers);
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('error answers carry the same protections', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expectBrowserProtections(response.headers);
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('an address that is not valid text is refused, before any route, with the same protections', async () => {
    for (const url of ['/api/%ZZ', '/products/%ZZ']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expectBrowserProtections(response.headers);
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    }
  });

  it('a request Node refuses itself (headers too large, a method it cannot read, an expectation, no Host) is answered in the error shape, with the protections', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const answers = [
      [431, 'HEADERS_TOO_LARGE', await raw(`GET / HTTP/1.1\r\nHost: shop\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)],
      [400, 'BAD_REQUEST', await raw('TRACK / HTTP/1.1\r\nHost: shop\r\n\r\n')],
      [417, 'EXPECTATION_FAILED', await raw('POST /api/user-session HTTP/1.1\r\nHost: shop\r\nExpect: sparkles\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')],
      [400, 'HOST_REQUIRED', await raw('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n')],
    ] as const;
    for (const [status, code, answer] of answers) {
      const [head, body] = answer.split('\r\n\r\n') as [string, string];
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const headers = Object.fromEntries(head.split('\r\n').slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      expectBrowserProtections(headers);
      expect(headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(body)).toEqual({ error: { code, message: expect.any(String) } });
    }
  });

  it('a request Node refuses while an answer is under way on its connection closes it, writing nothing into that answer', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /an-answer-under-way HTTP/1.1\r\nHost: shop\r\n\r\n'));
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        // The first answer has begun: now a second request on the connection, with headers too large.
        if (!received) socket.write(`GET / HTTP/1.1\r\nHost: shop\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        received += chunk.toString();
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/the first part;$/);
    expect(answer).not.toContain('HEADERS_TOO_LARGE');
  });

  it('a proxy header claiming HTTPS is not believed without TRUST_PROXY', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('the browsable API docs run only their own files and may not be framed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expectBrowserProtections(response.headers);
    const policy = directivesOf(response.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('a page runs only our scripts and those carrying its nonce, a new one for every answer', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/a-page' });
    const second = await t.app.inject({ method: 'GET', url: '/a-page' });
    expectBrowserProtections(first.headers);
    const nonce = first.body;
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(second.body).not.toBe(nonce);
    const policy = directivesOf(first.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", "'strict-dynamic'", `'nonce-${nonce}'`]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(String(first.headers['content-security-policy'])).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    // Neither Braintree nor Google Tag Manager is configured: no third party is allowed.
    expect(String(first.headers['content-security-policy'])).not.toMatch(/braintree|google/);
  });
});

describe('behind a proxy that terminates HTTPS, with Braintree and Google Tag Manager configured', () => {
  const t = useTestApp({
    config: {
      TRUST_PROXY: 'loopback',
      GTM_ID: 'GTM-TEST123',
      PAYMENT_GATEWAY: 'braintree',
      BRAINTREE_MERCHANT_ID: 'merchant',
      BRAINTREE_PUBLIC_KEY: 'public',
      BRAINTREE_PRIVATE_KEY: 'private',
      BRAINTREE_ENVIRONMENT: 'sandbox',
    },
  });
  beforeAll(() => {
    t.app.get('/a-page', { config: { pagePolicy: true } }, async (_request, reply) => reply.cspNonce.script);
  });

  it('answers over HTTPS tell the browser to come back only over HTTPS', async () => {
    const secure = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe(HSTS);
    const plain = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it("a page allows Braintree's card fields and Google Tag Manager, and still no inline script without the nonce", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/a-page', headers: { 'x-forwarded-proto': 'https' } });
    expectBrowserProtections(response.headers);
    expect(response.headers['strict-transport-security']).toBe(HSTS);
    const policy = directivesOf(response.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://js.braintreegateway.com', 'https://www.googletagmanager.com', `'nonce-${response.body}'`]),
    );
    // With 'strict-dynamic', browsers ignore the hosts: a <script src> from Google Tag Manager runs only when a
    // script with the nonce (our GTM snippet) loads it, not when someone injects one with their own container id.
    expect(policy.get('script-src')).toContain("'strict-dynamic'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('frame-src')).toEqual(['https://assets.braintreegateway.com']);
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['https://api.sandbox.braintreegateway.com', 'https://*.google-analytics.com']));
  });
});
