import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, zstdDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, varyWithAcceptEncoding } from '../src/plugins/compression';
import { shopperApi, useTestApp } from './helper';

const t = useTestApp();
/** A listing page of 48 products: about 26 KB of JSON. */
const LISTING = '/api/products?path=/products/category/Dog-Charms&pageSize=48';
const STORED_PAGE = '<!DOCTYPE html><html><body>'.concat('<p>A page stored compressed.</p>'.repeat(200), '</body></html>');

/** Compressible bytes (a run of zeros), so only the content type can keep them from being compressed. */
const BINARY = Buffer.alloc(8 * 1024);
const BINARY_TYPES = ['image/avif', 'image/webp', 'image/jpeg', 'image/png', 'font/woff2', 'application/octet-stream', 'application/pdf'];

beforeAll(() => {
  t.app.get('/binary', async (request, reply) => reply.type((request.query as { type: string }).type).send(BINARY));
  // An answer that varies on more than the coding, and says so in its own capitals.
  t.app.get('/varies', async (_request, reply) => reply.type('text/html; charset=utf-8').header('vary', 'Origin, Accept-Encoding').send(STORED_PAGE));
  // What a cache of rendered pages does: bytes it compressed itself, sent with their Content-Encoding (and Vary).
  t.app.get('/stored-page', async (request, reply) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    if (accepts.includes('gzip')) return reply.header('content-encoding', 'gzip').send(gzipSync(STORED_PAGE));
    return reply.send(STORED_PAGE);
  });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

describe('compressed answers', () => {
  it('sends JSON Zstandard-compressed to a browser that accepts zstd (Chrome, Edge, Firefox), the same JSON once decoded', async () => {
    const plain = await get(LISTING);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const zstd = await get(LISTING, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(zstd.headers.vary).toBe('accept-encoding');
    expect(zstd.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zstdDecompressSync(zstd.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends JSON Brotli-compressed to a browser that accepts br and not zstd (Safari), or that would rather have br', async () => {
    const plain = await get(LISTING);
    for (const accept of ['gzip, deflate, br', 'br', 'zstd;q=0.5, br']) {
      const br = await get(LISTING, { 'accept-encoding': accept });
      expect(br.headers['content-encoding'], accept).toBe('br');
      expect(br.headers.vary, accept).toBe('accept-encoding');
      expect(br.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')), accept).toEqual(plain.json());
    }
  });

  it('sends gzip to a caller that accepts only gzip', async () => {
    const plain = await get(LISTING);
    const gz = await get(LISTING, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('names Accept-Encoding once in Vary, whatever the case an answer wrote it in, compressed or not', async () => {
    for (const accept of ['zstd', 'br', 'gzip', 'identity']) {
      const response = await get('/varies', { 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).toBe(accept === 'identity' ? undefined : accept);
      expect(response.headers.vary, accept).toBe('Origin, accept-encoding');
    }
    expect(varyWithAcceptEncoding(undefined)).toBe('accept-encoding');
    expect(varyWithAcceptEncoding(['Cookie', 'ACCEPT-ENCODING, Origin'])).toBe('Cookie, Origin, accept-encoding');
    expect(varyWithAcceptEncoding('Origin, *')).toBe('*');
  });

  it('sends identity to a caller without Accept-Encoding, or that asks for identity or an encoding we do not make', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'compress' }] as Record<string, string>[]) {
      const response = await get(LISTING, headers);
      expect(response.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      // Another client would get it compressed: a shared cache must not hand this copy to everyone.
      expect(response.headers.vary, JSON.stringify(headers)).toMatch(/accept-encoding/i);
      expect(response.json()).toHaveProperty('products');
    }
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const health = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers.vary).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('compresses the OpenAPI document too', async () => {
    const openapi = await get('/api/openapi.json', { 'accept-encoding': 'br' });
    expect(openapi.statusCode).toBe(200);
    expect(openapi.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(openapi.rawPayload).toString('utf8'))).toHaveProperty('paths');
  });

  it('compresses SVG pictures, which are text', async () => {
    const svg = await get('/api/images/products/v1/c.sitting-dog.disc.plain.30/sterling-silver.svg', { 'accept-encoding': 'br' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(svg.rawPayload).toString('utf8')).toMatch(/^<svg/);
  });

  it('never compresses photos, fonts or other binary answers: they go byte for byte', async () => {
    for (const type of BINARY_TYPES) {
      const response = await get(`/binary?type=${encodeURIComponent(type)}`, { 'accept-encoding': 'br, gzip' });
      expect(response.headers['content-encoding'], type).toBeUndefined();
      expect(response.headers.vary, type).toBeUndefined();
      expect(response.rawPayload.equals(BINARY), type).toBe(true);
    }
  });

  it('answers HEAD with no body and headers that describe the uncompressed answer', async () => {
    // Fastify's HEAD routes drop the body before the compressor sees it, so the length given is the identity one.
    const plain = await get(LISTING);
    const head = await get(LISTING, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(head.headers['content-type']).toBe(plain.headers['content-type']);
    expect(head.headers.etag).toBe(plain.headers.etag);
  });

  it('leaves alone an answer that already carries Content-Encoding (a stored, compressed page)', async () => {
    const stored = await get('/stored-page', { 'accept-encoding': 'gzip, br' });
    expect(stored.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(stored.rawPayload).toString('utf8')).toBe(STORED_PAGE);
    // The same route sending plain bytes is compressed as usual.
    const plain = await get('/stored-page', { 'accept-encoding': 'br' });
    expect(plain.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(plain.rawPayload).toString('utf8')).toBe(STORED_PAGE);
    expect(brotliCompressSync(STORED_PAGE).length).toBeLessThan(STORED_PAGE.length);
  });
});

describe('ETag and 304', () => {
  it('gives a catalog read an ETag, and 304 with no body to a matching If-None-Match', async () => {
    for (const url of ['/api/categories', '/api/menu', LISTING]) {
      const first = await get(url);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/".+"$/);
      const again = await get(url, { 'if-none-match': etag, 'accept-encoding': 'br' });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers.etag, url).toBe(etag);
    }
  });

  it('finds the ETag in a list, strong or weak, and answers in full when it is not there', async () => {
    const etag = String((await get('/api/categories')).headers.etag);
    const strong = etag.replace(/^W\//, '');
    expect((await get('/api/categories', { 'if-none-match': `"stale", ${strong}` })).statusCode).toBe(304);
    expect((await get('/api/categories', { 'if-none-match': '*' })).statusCode).toBe(304);
    const changed = await get('/api/categories', { 'if-none-match': 'W/"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveProperty('categories');
  });

  it('the same content has the same ETag whichever encoding it travels in', async () => {
    const plain = await get(LISTING);
    const br = await get(LISTING, { 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('never answers 304 to a change or to an error', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/user-session', headers: { 'if-none-match': '*' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toHaveProperty('id');
    const missing = await get('/api/products/detail?path=/products/x/999999', { 'if-none-match': '*' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('error');
  });

  it('keeps personal answers out of every cache: the bag and the shopper session stay no-store', async () => {
    const shopper = shopperApi(t);
    const session = await shopper.newSession();
    const bag = await shopper.call(session, 'GET', '/shopping-cart');
    expect(bag.statusCode).toBe(200);
    expect(bag.headers['cache-control']).toBe('no-store');
    const own = await get(`/api/user-session/${session}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
  });
});
