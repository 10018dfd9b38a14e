import { productListResponseSchema } from '@charms/contracts/catalog';
import { sql } from 'drizzle-orm';
import { type AddressInfo, connect } from 'node:net';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { controllableGateway } from './checkout-support';
import { shopperApi, staffApi, useTestApp } from './helper';

/** Every log line the app writes, parsed. */
const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});
const { gateway, state } = controllableGateway();
const t = useTestApp({ paymentGateway: gateway, config: { LOG_LEVEL: 'info' }, logStream: stream });
beforeAll(() => {
  // A call still waiting on the database when its caller gives up, which then finds the database gone.
  t.app.get('/api/waits-on-the-database', async (request) => {
    await new Promise((resolve) => request.raw.socket.once('close', resolve));
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
});
const { newSession, call } = shopperApi(t);

const shopper = {
  email: 'ann.lee.private@example.com',
  phone: '512-555-0199',
  firstName: 'Annabelle',
  lastName: 'Leeworthy',
  address1: '4242 Secret Garden Lane',
  city: 'Pflugerville',
  nonce: 'fake-valid-visa-nonce',
};


describe('logs', () => {
  it('keep a failed statement’s code and constraint but none of its values (address, email, phone, card nonce)', async () => {
    const session = await newSession();
    const charm = productListResponseSchema.parse((await t.app.inject('/api/products?path=/products/category/Dog-Charms&pageSize=1')).json()).products[0]!;
    expect((await call(session, 'POST', '/shopping-cart/items', { productId: charm.id, metalId: 40 })).statusCode).toBe(200);
    // The database refuses the order row: the failed statement carries the shopper's address, email and phone.
    await t.database.db.execute(sql.raw(`alter table orders add constraint orders_refused check (email <> '${shopper.email}') not valid`));
    try {
      lines.length = 0;
      const response = await call(session, 'POST', '/shopping-cart/complete-order', {
        paymentMethodNonce: shopper.nonce,
        idempotencyKey: 'log-test-0001',
        customer: { email: shopper.email, phone: shopper.phone },
        shippingAddress: { firstName: shopper.firstName, lastName: shopper.lastName, address1: shopper.address1, city: shopper.city, stateProvince: 'TX', postalCode: '78660', country: 'US' },
        shippingTypeId: 'ground',
        orderComments: 'Leave it with Mrs Leeworthy next door',
      });
      expect(response.statusCode).toBe(500);
      const failure = lines.find((line) => line.msg === 'request failed') as { reqId: string; err: Record<string, unknown> } | undefined;
      expect(failure, JSON.stringify(lines)).toBeDefined();
      expect(failure!.reqId).toBe(response.headers['x-request-id']);
      expect(JSON.stringify(failure!.err)).toContain('orders_refused');
      const written = JSON.stringify(lines);
      for (const value of [...Object.values(shopper), 'Leeworthy next door']) expect(written, value).not.toContain(value);
      expect(state.sales).toEqual([]);
    } finally {
      await t.database.db.execute(sql`alter table orders drop constraint orders_refused`);
    }
  });

  it('leave out order-link tokens and session ids from request lines', async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/orders/CB-100001?token=very-secret-link-token', headers: { userSessionId: '0b7c2a4e-3f1d-4c8e-9a6b-5d2e1f0a9b8c' } });
    const incoming = lines.find((line) => line.msg === 'incoming request') as { req: { url: string } } | undefined;
    expect(incoming?.req.url).toBe('/api/orders/CB-100001?token=[redacted]');
    const written = JSON.stringify(lines);
    expect(written).not.toContain('very-secret-link-token');
    expect(written).not.toContain('0b7c2a4e-3f1d-4c8e-9a6b-5d2e1f0a9b8c');
  });
});

describe('the storefront’s in-process API calls', () => {
  const requestLines = () => lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');

  it('are not logged again beside the page that made them; a caller guessing the header is logged as usual', async () => {
    const { header, token } = t.app.inProcessCall;
    lines.length = 0;
    await t.app.inject({ url: '/api/menu', headers: { [header]: token } });
    expect(requestLines()).toEqual([]);
    await t.app.inject({ url: '/api/menu', headers: { [header]: 'a-guessed-token' } });
    expect(requestLines().map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});

describe('staff requests in the logs', () => {
  it('leave out what staff search orders by (an email, a name, a phone) and the email of a failed sign-in', async () => {
    const staff = await staffApi(t, { email: 'sam.private.staff@charms.example' });
    lines.length = 0;
    for (const q of [shopper.email, `${shopper.firstName} ${shopper.lastName}`, shopper.phone]) {
      expect((await staff.call('GET', `/admin-orders?q=${encodeURIComponent(q)}&status=paid`)).statusCode).toBe(200);
      expect((await staff.call('GET', `/admin-orders/export.csv?status=paid&q=${encodeURIComponent(q)}`)).statusCode).toBe(200);
    }
    // The sign-in page's return address carries the search the session ended on.
    await t.app.inject({ url: `/api/account?next=${encodeURIComponent(`/admin/orders?q=${shopper.email}`)}` });
    const failed = await t.app.inject({ method: 'POST', url: '/api/account/authenticate', payload: { email: staff.email, password: 'not the password at all' } });
    expect(failed.statusCode).toBe(401);
    const urls = lines.filter((line) => line.msg === 'incoming request').map((line) => (line as { req: { url: string } }).req.url);
    expect(urls).toContain('/api/admin-orders?q=[redacted]&status=paid');
    expect(urls).toContain('/api/admin-orders/export.csv?status=paid&q=[redacted]');
    const written = JSON.stringify(lines);
    for (const value of [shopper.email, encodeURIComponent(shopper.email), shopper.firstName, shopper.lastName, shopper.phone, staff.email]) expect(written, value).not.toContain(value);
  });
});

describe('shopper searches in the logs', () => {
  it('leave out the words searched for (often the name to engrave), in a page path or a catalog call', async () => {
    lines.length = 0;
    await t.app.inject({ url: `/api/products?path=${encodeURIComponent('/products/search/Emma Rose Whitfield')}&pageSize=2` });
    await t.app.inject({ url: '/api/products?path=/products/search/Whitfield%20heart&metalId=40' });
    await t.app.inject({ url: '/products/search/Whitfield/2?sort=price' });
    await t.app.inject({ url: `/products/search/${encodeURIComponent('Emma/Whitfield')}/2` });
    await t.app.inject({ url: `/api/products?path=${encodeURIComponent(`/products/search/${encodeURIComponent('Whitfield/Rose')}/2`)}` });
    // Letters written as escapes, which the router reads as plain ones; a doubled slash; q as a list, or after a `;`.
    await t.app.inject({ url: '/products/%73earch/Whitfield' });
    await t.app.inject({ url: '/api/products?%71=Whitfield' });
    await t.app.inject({ url: '/products//search/Whitfield' });
    await t.app.inject({ url: '/api/products?q[]=Whitfield&x=1;q=Whitfield' });
    const urls = lines.filter((line) => line.msg === 'incoming request').map((line) => (line as { req: { url: string } }).req.url);
    expect(urls).toEqual([
      '/api/products?path=%2Fproducts%2Fsearch%2F[redacted]&pageSize=2',
      '/api/products?path=/products/search/[redacted]&metalId=40',
      '/products/search/[redacted]/2?sort=price',
      '/products/search/[redacted]/2',
      '/api/products?path=%2Fproducts%2Fsearch%2F[redacted]%2F2',
      '/products/search/[redacted]',
      '/api/products?q=[redacted]',
      '/products//search/[redacted]',
      '/api/products?q[]=[redacted]&x=1;q=[redacted]',
    ]);
    expect(JSON.stringify(lines)).not.toContain('Whitfield');
  });
});

describe('a client that goes away mid-request', () => {
  /** Sends `request` over a new connection to the listening app, and closes the connection 200 ms later. */
  async function sendAndHangUp(request: string) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    lines.length = 0;
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(request);
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('close', () => resolve());
    });
  }

  it('is logged as that, never as the database being unavailable', async () => {
    await sendAndHangUp('POST /api/user-session HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"metalId":');
    await expect.poll(() => lines.some((line) => line.msg === 'the client closed the connection before its request had arrived')).toBe(true);
    expect(lines.filter((line) => line.msg === 'database unavailable')).toEqual([]);
  });

  it('after its request arrived whole, leaves a database outage reported as that', async () => {
    await sendAndHangUp('GET /api/waits-on-the-database HTTP/1.1\r\nHost: shop\r\n\r\n');
    await expect.poll(() => lines.some((line) => line.msg === 'database unavailable')).toBe(true);
    expect(lines.filter((line) => line.msg === 'the client closed the connection before its request had arrived')).toEqual([]);
  });
});

describe('the error serializer', () => {
  it('cleans errors held in an error, and PostgreSQL messages that quote a value', async () => {
    const { serializeError } = await import('../src/logging');
    const inner = Object.assign(new Error('invalid input syntax for type uuid: "ann@example.com"'), { detail: 'Key (email)=(ann@example.com) already exists.', params: ['ann@example.com'] });
    const outer = Object.assign(new Error('payment failed'), { previous: inner, code: 'X1' });
    const written = JSON.stringify(serializeError(new AggregateError([outer, inner], 'both failed')));
    expect(written).not.toContain('ann@example.com');
    expect(written).toContain('invalid input syntax for type uuid: [redacted]');
    expect(written).toContain('"code":"X1"');
  });
});
