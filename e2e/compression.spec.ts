import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * Bytes on the wire: the build's text files go out as the Brotli or gzip copy the build wrote beside them, hashed
 * assets are cached for a year, and pages are compressed for the browsers that accept it (Zstandard where an answer
 * is made per request and the browser takes it, as Chrome, Edge and Firefox do). Requests go through
 * node:http, which, unlike a browser, hands over the bytes exactly as they came.
 */
const CLIENT_DIR = 'apps/web/build/client';
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function fetchRaw(path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<RawAnswer> {
  const url = new URL(path, process.env.E2E_BASE_URL);
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  if (encoding === 'zstd') return zstdDecompressSync(answer.body);
  expect(encoding).toBeUndefined();
  return answer.body;
}

/** The page's largest script, as the home page names it: React and React Router (`/assets/framework-<hash>.js`). */
async function entryScript(): Promise<string> {
  const home = decoded(await fetchRaw('/')).toString('utf8');
  const path = /\/assets\/framework-[\w-]+\.js/.exec(home)?.[0];
  expect(path, 'the home page loads the framework script').toBeDefined();
  return path!;
}

test('the build wrote a .br and a .gz copy beside its text files, each the same bytes once decoded', () => {
  const files = readdirSync(CLIENT_DIR, { recursive: true, encoding: 'utf8' });
  const copies = files.filter((file) => file.endsWith('.br') || file.endsWith('.gz'));
  expect(copies.length).toBeGreaterThan(20);
  for (const copy of copies) {
    const original = readFileSync(join(CLIENT_DIR, copy.slice(0, -3)));
    const bytes = readFileSync(join(CLIENT_DIR, copy));
    expect((copy.endsWith('.br') ? brotliDecompressSync(bytes) : gunzipSync(bytes)).equals(original), copy).toBe(true);
    expect(bytes.length, copy).toBeLessThan(original.length);
  }
  expect(files.some((file) => file.endsWith('.woff2.br') || file.endsWith('.png.br'))).toBe(false);
});

test('a hashed script goes out as its Brotli or gzip copy, cached for a year, the same bytes as the file', async () => {
  const path = await entryScript();
  const onDisk = join(CLIENT_DIR, path);
  const plain = await fetchRaw(path);
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  if (existsSync(onDisk)) expect(plain.body.equals(readFileSync(onDisk))).toBe(true);

  for (const [accept, encoding] of [['br', 'br'], ['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip']] as const) {
    const answer = await fetchRaw(path, { 'accept-encoding': accept });
    expect(answer.headers['content-encoding'], accept).toBe(encoding);
    expect(answer.headers['cache-control'], accept).toBe(IMMUTABLE);
    expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
    expect(answer.headers['content-type'], accept).toMatch(/javascript/);
    expect(answer.body.length, accept).toBeLessThan(plain.body.length / 2);
    if (existsSync(`${onDisk}.${encoding === 'br' ? 'br' : 'gz'}`)) expect(answer.body.equals(readFileSync(`${onDisk}.${encoding === 'br' ? 'br' : 'gz'}`)), accept).toBe(true);
    expect(decoded(answer).equals(plain.body), accept).toBe(true);
  }
});

test('HEAD answers a page or a script with its headers and no body', async () => {
  const path = await entryScript();
  const script = await fetchRaw(path, { 'accept-encoding': 'br' }, 'HEAD');
  expect(script.status).toBe(200);
  expect(script.body.length).toBe(0);
  expect(script.headers['content-encoding']).toBe('br');
  expect(script.headers['cache-control']).toBe(IMMUTABLE);
  expect(Number(script.headers['content-length'])).toBe((await fetchRaw(path, { 'accept-encoding': 'br' })).body.length);
  const page = await fetchRaw('/', { 'accept-encoding': 'br' }, 'HEAD');
  expect(page.status).toBe(200);
  expect(page.body.length).toBe(0);
});

test('fonts are hashed assets, cached for a year and sent as they are', async () => {
  const font = readdirSync(join(CLIENT_DIR, 'assets')).find((file) => file.endsWith('.woff2'));
  expect(font).toMatch(/-[\w-]{8}\.woff2$/);
  const answer = await fetchRaw(`/assets/${font}`, { 'accept-encoding': 'br, gzip' });
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe(IMMUTABLE);
  expect(answer.headers['content-encoding']).toBeUndefined();
  expect(answer.body.equals(readFileSync(join(CLIENT_DIR, 'assets', font!)))).toBe(true);
});

test('files at fixed names are cached for a day, not for ever', async () => {
  const favicon = await fetchRaw('/favicon.svg', { 'accept-encoding': 'br' });
  expect(favicon.status).toBe(200);
  expect(favicon.headers['cache-control']).toBe('public, max-age=86400');
  expect(decoded(favicon).toString('utf8')).toContain('<svg');
});

test('pages and their data answers are compressed for a browser that accepts it, and plain for one that does not', async () => {
  for (const path of ['/', '/products/category/Dog-Charms', '/products/category/Dog-Charms.data']) {
    const plain = await fetchRaw(path);
    expect(plain.status, path).toBe(200);
    expect(plain.headers['content-encoding'], path).toBeUndefined();
    for (const encoding of ['zstd', 'br', 'gzip']) {
      const answer = await fetchRaw(path, { 'accept-encoding': encoding });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
      // Exactly once, in lower case: a capitalized one from the page server made the compressor add a second to each
      // page it compressed itself (the Zstandard ones: kept pages are Brotli or gzip).
      expect(answer.headers.vary, `${path} ${encoding}`).toBe('accept-encoding');
      expect(answer.body.length, `${path} ${encoding}`).toBeLessThan(plain.body.length / 3);
      const text = decoded(answer).toString('utf8');
      expect(text, path).toContain(path.endsWith('.data') ? 'Dog Charms' : '<html');
    }
  }
});

test('the sitemap and the API answer compressed too: Zstandard to Chrome, Brotli to Safari', async () => {
  for (const path of ['/sitemap.xml', '/api/menu']) {
    for (const [accept, encoding] of [['gzip, deflate, br, zstd', 'zstd'], ['gzip, deflate, br', 'br']] as const) {
      const answer = await fetchRaw(path, { 'accept-encoding': accept });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], `${path} ${accept}`).toBe(encoding);
      expect(decoded(answer).length, path).toBeGreaterThan(answer.body.length);
    }
  }
});

test('a browser gets every script and style of the home page compressed and cached for a year', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets: { url: string; encoding: string | undefined; cacheControl: string | undefined }[] = [];
  page.on('response', async (response) => {
    if (!/\/assets\/[^/]+\.(?:js|css)$/.test(new URL(response.url()).pathname)) return;
    const headers = await response.allHeaders();
    assets.push({ url: response.url(), encoding: headers['content-encoding'], cacheControl: headers['cache-control'] });
  });
  const document = await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(['zstd', 'br', 'gzip']).toContain((await document!.allHeaders())['content-encoding']);
  expect(assets.length).toBeGreaterThan(3);
  for (const asset of assets) {
    // Build files go out as their Brotli copy; one without a copy is compressed as it is sent, in Zstandard.
    expect(['zstd', 'br', 'gzip'], asset.url).toContain(asset.encoding);
    expect(asset.cacheControl, asset.url).toBe(IMMUTABLE);
  }
  await context.close();
});
