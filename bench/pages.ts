import { join } from 'node:path';
import type { Database } from '../apps/api/src/db/client';
import { type Captured, capture, headerOf, writeCaptured } from './captured';
import { type Figures, measure, progress } from './load';
import { uploadPhoto } from './photo';
import { type Server, serve } from './servers';
import { type Row, type Target, cpuAtMost, p99Below, ratioAtLeastHalf } from './targets';

/**
 * The storefront's pages as shoppers get them from the built shop: each cached page beside a bare server sending the
 * same bytes with the same headers, each page again with the page cache off (what rendering costs), and a product
 * photo from /api/media beside the same bare server.
 */
export interface PageRow extends Row {
  path: string;
  /** The body's bytes as sent (compressed, when the shop compressed them). */
  bytes: number;
  encoding: string;
  /** The X-Page-Cache header of the measured answer (hit, miss, bypass), or "absent". */
  pageCache: string;
  /** The bare server sending the same bytes, measured right after. */
  bare?: Figures;
}

export interface PagesResult {
  cached: PageRow[];
  uncached: PageRow[];
  images: PageRow[];
  /** Why there is no images row, when there is none. */
  imagesSkipped?: string;
}

/**
 * The encodings Chromium (and Firefox) accept: pages made per request go to them in Zstandard, the kept pages in
 * Brotli (decision 0043). Safari's `gzip, deflate, br` gets Brotli 3 per request, about 0.4 ms more CPU for a 66 KB page.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** What a browser sends with a page request (Chromium's accept and accept-encoding). */
export const pageHeaders = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': BROWSER_ACCEPT_ENCODING };
const imageHeaders = { accept: 'image/avif,image/webp,image/apng,*/*;q=0.8', 'accept-encoding': BROWSER_ACCEPT_ENCODING };

export const cachedTargets: Target[] = [ratioAtLeastHalf];
export const uncachedTargets: Target[] = [p99Below(100), cpuAtMost(3)];

/** The pages measured: landing, a category, a search, a product, a content page. */
export const benchPages = (productPath: string) => [
  { name: 'home', path: '/' },
  { name: 'category listing, Dog Charms', path: '/products/category/Dog-Charms' },
  { name: 'search "heart"', path: '/products/search/heart' },
  { name: 'product page', path: productPath },
  { name: 'content page, Shipping', path: '/shipping' },
];

export interface PagesSetup {
  database: Database;
  dataDir: string;
  /** The shop with its page cache (as configured by default), and one with PAGE_CACHE_MAX_BYTES=0. */
  cached: Server;
  uncached: Server;
  productPath: string;
  productId: number;
  only?: RegExp;
}

async function captureOk(url: string, headers: Record<string, string>): Promise<Captured> {
  const captured = await capture(url, headers);
  if (captured.status !== 200) throw new Error(`GET ${url} answered ${captured.status}: the bench needs a 200`);
  return captured;
}

const described = (captured: Captured) => ({
  bytes: captured.body.length,
  encoding: headerOf(captured, 'content-encoding') || 'none',
  pageCache: headerOf(captured, 'x-page-cache') || 'absent',
});

export async function measurePages(setup: PagesSetup): Promise<PagesResult> {
  const { database, cached, uncached, only } = setup;
  const wanted = (name: string) => !only || only.test(name);
  const pages = benchPages(setup.productPath);
  const cachedPages = pages.filter((page) => wanted(`page ${page.name} (cached)`));
  const uncachedPages = pages.filter((page) => wanted(`page ${page.name} (no page cache)`));

  // The photo first: uploading it changes the catalog, which empties every cache.
  let photo: string | undefined;
  let imagesSkipped: string | undefined;
  if (wanted('image /api/media')) {
    try {
      photo = await uploadPhoto(database, uncached.url, setup.productId);
    } catch (error) {
      imagesSkipped = `no photo could be uploaded: ${(error as Error).message}`;
    }
  }

  // Each answer as the warm cache sends it: asked twice first (a miss stores it, the next is a hit).
  const answers = new Map<string, Captured>();
  for (const { path } of cachedPages) {
    for (let i = 0; i < 2; i++) await captureOk(`${cached.url}${path}`, pageHeaders);
    answers.set(path, await captureOk(`${cached.url}${path}`, pageHeaders));
  }
  if (photo) answers.set(photo, await captureOk(`${cached.url}${photo}`, imageHeaders));
  let bare: Server | undefined;
  if (answers.size > 0) {
    const file = join(setup.dataDir, 'captured.json');
    writeCaptured(file, answers);
    bare = await serve({ BENCH_SERVE: 'static', BENCH_STATIC_RESPONSES: file });
    for (const [path, answer] of answers) {
      if (!(await capture(`${bare.url}${path}`, {})).body.equals(answer.body)) throw new Error(`the bare server does not send the bytes of ${path}`);
    }
  }

  const beside = async (name: string, path: string, headers: Record<string, string>): Promise<PageRow> => {
    progress(`  measuring ${name}...`);
    const shop = await measure(name, `${cached.url}${path}`, 'GET', undefined, { headers, cpu: { serverPid: cached.pid, database } });
    const ceiling = await measure(`bare server, same bytes as ${path}`, `${bare!.url}${path}`, 'GET', undefined, { headers, cpu: { serverPid: bare!.pid, database } });
    // The answer's header as measured: the cache must still hold the page after the run.
    const after = await capture(`${cached.url}${path}`, headers);
    return { ...shop, ...described(answers.get(path)!), pageCache: described(after).pageCache, path, bare: ceiling, ratio: shop.requestsPerSecond / ceiling.requestsPerSecond };
  };

  const result: PagesResult = { cached: [], uncached: [], images: [], ...(imagesSkipped ? { imagesSkipped } : {}) };
  for (const page of cachedPages) result.cached.push(await beside(`page ${page.name} (cached)`, page.path, pageHeaders));
  for (const page of uncachedPages) {
    const name = `page ${page.name} (no page cache)`;
    const answer = await captureOk(`${uncached.url}${page.path}`, pageHeaders);
    progress(`  measuring ${name}...`);
    const figures = await measure(name, `${uncached.url}${page.path}`, 'GET', undefined, { headers: pageHeaders, cpu: { serverPid: uncached.pid, database } });
    result.uncached.push({ ...figures, ...described(answer), path: page.path });
  }
  if (photo) result.images.push(await beside('image /api/media', photo, imageHeaders));
  await bare?.stop();
  return result;
}

/**
 * The soak's mix, taken in turn: a product page, that product's API detail, another page, another API call; so half
 * pages and half API, over a couple of hundred products (enough to fill a page cache with more than the hot pages).
 */
export async function soakMix(shopUrl: string): Promise<{ path: string; headers: Record<string, string> }[]> {
  const products: string[] = [];
  for (let page = 1; page <= 4; page++) {
    const listing = (await (await fetch(`${shopUrl}/api/products?path=/products&pageSize=48&page=${page}`)).json()) as { products: { path: string }[] };
    products.push(...listing.products.map((product) => product.path));
  }
  const pages = ['/', '/products/category/Dog-Charms', '/products/category/Heart-Charms', '/products/search/heart', '/products/search/dog', '/shipping', '/about-us'];
  const calls = [
    '/api/categories',
    '/api/menu',
    '/api/products?path=/products/category/Heart-Charms&pageSize=48&metalId=40',
    '/api/products?path=/products/search/heart&pageSize=48',
    '/api/products?path=/products/category/Dog-Charms&pageSize=48',
  ];
  const api = { accept: 'application/json', 'accept-encoding': 'br, gzip' };
  return products.flatMap((path, i) => [
    { path, headers: pageHeaders },
    { path: `/api/products/detail?path=${encodeURIComponent(path)}`, headers: api },
    { path: pages[i % pages.length]!, headers: pageHeaders },
    { path: calls[i % calls.length]!, headers: api },
  ]);
}
