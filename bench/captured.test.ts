import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capture, writeCaptured } from './captured';
import { type Server, serve } from './servers';

/** A server answering as a shop does: a compressed page, streamed (chunked), with its own headers. */
const page = brotliCompressSync(Buffer.from(`<!doctype html><title>Charms</title>${'<p>a charm</p>'.repeat(2000)}`));
const shop = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', vary: 'Accept-Encoding', 'x-page-cache': 'hit', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] });
  response.write(page.subarray(0, 100));
  response.end(page.subarray(100));
});
const dir = mkdtempSync(join(tmpdir(), 'bench-captured-'));
let shopUrl: string;
let bare: Server;

beforeAll(async () => {
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  const file = join(dir, 'captured.json');
  writeCaptured(file, new Map([['/products/search/heart', await capture(`${shopUrl}/products/search/heart`, { 'accept-encoding': 'br, gzip' })]]));
  bare = await serve({ BENCH_SERVE: 'static', BENCH_STATIC_RESPONSES: file });
}, 60_000);

afterAll(async () => {
  await bare?.stop();
  shop.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the bare server beside a page', () => {
  it('sends the bytes the shop sent, still compressed, with the same headers', async () => {
    const fromShop = await capture(`${shopUrl}/products/search/heart`, { 'accept-encoding': 'br, gzip' });
    const fromBare = await capture(`${bare.url}/products/search/heart`, {});
    expect(fromBare.body.equals(page)).toBe(true);
    expect(fromBare).toEqual(fromShop);
    expect(fromBare.headers).toMatchObject({ 'content-encoding': 'br', 'x-page-cache': 'hit', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'], 'content-length': String(page.length) });
  });

  it('answers 404 for a path it was not given', async () => {
    expect((await capture(`${bare.url}/elsewhere`, {})).status).toBe(404);
  });
});
