/**
 * What one uncached page costs the shop's process in CPU time: home, a category listing, a search and a product page.
 *
 *   npm run build && npm run bench:pages
 *
 * Starts the BUILT shop (apps/web/build/server/index.js, NODE_ENV=production; it builds nothing itself) on its own
 * PostgreSQL database (made here if missing, migrated and seeded by the shop at its start, as `npm run serve` does),
 * or on the embedded database with PAGE_RENDER_DATABASE=pglite (whose queries then count in the shop's process).
 * On PostgreSQL the shop is a primary and one worker (WEB_CONCURRENCY=1), with its page cache off
 * (PAGE_CACHE_MAX_BYTES=0). Warms it up, then sends each page N times one after the other, as a browser asks for it
 * (Brotli or gzip), and reads the CPU time of the shop's processes before and after each request: the on-CPU time of
 * all their threads (main thread, V8's GC helpers, libuv's pool) that Linux keeps in
 * nanoseconds (/proc/<pid>/task/<tid>/schedstat; /proc/<pid>/stat's utime + stime are the same time in 10 ms ticks).
 * CPU time per request depends far less on what else the machine runs than throughput does; on a loaded machine it
 * still grows (caches, preemption), so the median request is printed beside the mean. The API's catalog cache is
 * warm (its steady state); there is no page cache in this measure.
 *
 *   PAGE_RENDER_REQUESTS   requests per page (default 500, after 300 unrecorded)
 *   PAGE_RENDER_PORT       the shop's port (default 0: a free one)
 *   PAGE_RENDER_DATABASE   a database name on BENCH_DATABASE_URL's server (default render_pages), or `pglite`
 *   PAGE_RENDER_PROFILE=1  a CPU profile of the shop (node --cpu-prof) in bench/profiles/
 *   PAGE_RENDER_ACCEPT_ENCODING  the requests' Accept-Encoding (default Chromium's, which takes Zstandard; Safari's is
 *                          `gzip, deflate, br`)
 *   PAGE_RENDER_COMPARE    another build of the web app inside the repo (e.g. apps/web/build-before, ignored by git:
 *                          `cp -r apps/web/build apps/web/build-before` before the change, then build the change):
 *                          both shops run side by side and each request goes to one, then the other (each first as
 *                          often as last), so both see the same machine; on a machine whose speed drifts, only this
 *                          tells two builds apart (two processes of one build still differ by up to 10%: repeat it)
 *   PAGE_RENDER_COMPARE_ENV  more environment for the PAGE_RENDER_COMPARE shop, as JSON (e.g. '{"MALLOC_ARENA_MAX":"2"}'):
 *                          with the same build on both sides, what a setting alone does
 *
 * `measurePages` is the part to reuse against a shop already running (its base URL and process id).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl, ensureDatabase } from './databases';
import { envObject } from './env-object';
import { BROWSER_ACCEPT_ENCODING } from './pages';
import { treeCpuNs } from './proc';

export interface PageFigures {
  name: string;
  path: string;
  /** CPU time of the shop's process per request, in milliseconds: the mean (everything, GC included) and the median. */
  cpuMs: number;
  medianCpuMs: number;
  htmlBytes: number;
  /** The loader data React Router writes into the page (its turbo-stream), in bytes. */
  loaderDataBytes: number;
}

/** The bytes of the page's React Router data: the strings its inline scripts hand to the stream controller. */
export function loaderDataBytes(html: string): number {
  let bytes = 0;
  for (const match of html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)) bytes += Buffer.byteLength(JSON.parse(match[1]!) as string);
  return bytes;
}

const acceptEncoding = process.env.PAGE_RENDER_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING;

async function get(url: string): Promise<string> {
  // As a browser asks: the page comes compressed, as shoppers get it.
  const response = await fetch(url, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) page-render', 'accept-encoding': acceptEncoding } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return text;
}

/** Each page `requests` times, one request after another, after `warmup` unrecorded ones. */
export async function measurePages(base: string, pid: number, pages: { name: string; path: string }[], requests: number, warmup = 300): Promise<PageFigures[]> {
  return (await measurePagesSideBySide([{ base, pid }], pages, requests, warmup))[0]!;
}

/**
 * The same for several shops at once (the same pages on each): each request goes to every shop in turn, so a change
 * of the machine's speed during the run falls on all of them alike. One list of figures per shop.
 */
export async function measurePagesSideBySide(shops: { base: string; pid: number }[], pages: { name: string; path: string }[], requests: number, warmup = 300): Promise<PageFigures[][]> {
  const figures: PageFigures[][] = shops.map(() => []);
  for (const page of pages) {
    const html: string[] = [];
    for (const [index, shop] of shops.entries()) for (let i = 0; i < warmup; i++) html[index] = await get(`${shop.base}${page.path}`);
    const each = shops.map((): number[] => []);
    // The mean is each shop's CPU over the whole loop (what it did between requests too: its GC threads, timers),
    // the median the CPU during each request.
    const started = shops.map((shop) => treeCpuNs(shop.pid));
    for (let i = 0; i < requests; i++) {
      // Each shop first as often as last (A B, B A, ...): with the order fixed, the second shop measured up to 0.8 ms
      // cheaper a page than the first with the same build on both sides.
      const order = i % 2 === 0 ? shops.map((_, index) => index) : shops.map((_, index) => shops.length - 1 - index);
      for (const index of order) {
        const shop = shops[index]!;
        const before = treeCpuNs(shop.pid);
        await get(`${shop.base}${page.path}`);
        each[index]!.push(treeCpuNs(shop.pid) - before);
      }
    }
    const totals = shops.map((shop, index) => treeCpuNs(shop.pid) - started[index]!);
    for (const [index, times] of each.entries()) {
      const total = totals[index]!;
      times.sort((a, b) => a - b);
      const body = html[index]!;
      figures[index]!.push({ ...page, cpuMs: total / requests / 1e6, medianCpuMs: times[Math.floor(requests / 2)]! / 1e6, htmlBytes: Buffer.byteLength(body), loaderDataBytes: loaderDataBytes(body) });
    }
  }
  return figures;
}

/** The pages measured: home, Dog Charms (68 products), a search (the full bench's "heart") and the first Heart charm's page. */
export async function standardPages(base: string): Promise<{ name: string; path: string }[]> {
  const answer = (await (await fetch(`${base}/api/products?path=/products/category/Heart-Charms&pageSize=1`)).json()) as { products: { path: string }[] };
  return [
    { name: 'home', path: '/' },
    { name: 'listing: Dog Charms', path: '/products/category/Dog-Charms' },
    { name: 'search: heart', path: '/products/search/heart' },
    { name: 'product', path: answer.products[0]!.path },
  ];
}

/** Starts the built shop (the build in `buildDir`, relative to the repo); resolves once it says where it is open. */
async function startShop(env: Record<string, string>, buildDir = 'apps/web/build') {
  const server = fileURLToPath(new URL(`../${buildDir}/server/index.js`, import.meta.url));
  const profile = process.env.PAGE_RENDER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', fileURLToPath(new URL('./profiles', import.meta.url))] : [];
  const child = spawn(process.execPath, [...profile, server], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /open at http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`the shop exited with ${code} before it opened:\n${out}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { base, pid: child.pid!, stop: () => (child.kill('SIGTERM'), exited) };
}

/** PAGE_RENDER_COMPARE_ENV: an object of strings, as JSON, for the PAGE_RENDER_COMPARE shop. */
function parseCompareEnv(): Record<string, string> {
  const env = envObject('PAGE_RENDER_COMPARE_ENV', '{"MALLOC_ARENA_MAX":"2"}');
  if (Object.keys(env).length > 0 && !process.env.PAGE_RENDER_COMPARE) throw new Error('PAGE_RENDER_COMPARE_ENV is for the PAGE_RENDER_COMPARE shop: set both');
  return env;
}

async function main() {
  const requests = Number(process.env.PAGE_RENDER_REQUESTS ?? 500);
  const database = process.env.PAGE_RENDER_DATABASE ?? 'render_pages';
  const dataDir = mkdtempSync(join(tmpdir(), 'charms-page-render-'));
  // The shop migrates and seeds a database it finds empty.
  if (database !== 'pglite') await ensureDatabase(database);
  const env = {
    NODE_ENV: 'production',
    PORT: process.env.PAGE_RENDER_PORT ?? '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PAYMENT_GATEWAY: 'test',
    // Every request renders; one worker, so the requests one after the other measure one process's render.
    PAGE_CACHE_MAX_BYTES: '0',
    WEB_CONCURRENCY: '1',
    ...(database === 'pglite' ? { DATABASE_URL: '' } : { DATABASE_URL: databaseUrl(database), PUBLIC_BASE_URL: 'http://localhost' }),
  };
  const compareEnv = parseCompareEnv();
  const builds = ['apps/web/build', ...(process.env.PAGE_RENDER_COMPARE ? [process.env.PAGE_RENDER_COMPARE.replace(/\/+$/, '')] : [])];
  // One after the other: the first start of a database makes its secrets.
  const shops: Awaited<ReturnType<typeof startShop>>[] = [];
  try {
    if (builds.length > 1 && env.PORT !== '0') throw new Error('PAGE_RENDER_COMPARE runs two shops: leave PAGE_RENDER_PORT unset');
    // Each shop its own data directory: the embedded database (PAGE_RENDER_DATABASE=pglite) belongs to one process.
    for (const [index, build] of builds.entries()) {
      const own = index === 0 ? dataDir : join(dataDir, `compare-${index}`);
      mkdirSync(own, { recursive: true });
      shops.push(await startShop({ ...env, ...(index > 0 ? compareEnv : {}), DATA_DIR: own }, build));
    }
    const figures = await measurePagesSideBySide(shops, await standardPages(shops[0]!.base), requests);
    for (const [index, build] of builds.entries()) {
      console.log(`\nCPU time of the shop's process per uncached page (${requests} sequential requests each, accept-encoding: ${acceptEncoding}, database: ${database}${builds.length > 1 ? `, build: ${build}${index > 0 && Object.keys(compareEnv).length > 0 ? `, environment: ${JSON.stringify(compareEnv)}` : ''}, requests alternated with the other build's` : ''})\n`);
      console.log('| page | CPU ms / request (mean) | median | HTML bytes | loader data bytes | path |');
      console.log('|---|---:|---:|---:|---:|---|');
      for (const f of figures[index]!) console.log(`| ${f.name} | ${f.cpuMs.toFixed(2)} | ${f.medianCpuMs.toFixed(2)} | ${f.htmlBytes} | ${f.loaderDataBytes} | ${f.path} |`);
    }
    console.log(`\n(load average while measuring: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`);
  } finally {
    for (const shop of shops) await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
