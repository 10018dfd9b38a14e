import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

/**
 * Lighthouse (default mobile emulation and simulated throttling) on the storefront's six kinds of page, against a
 * shop that is already running (built, `ROBOTS=index` for SEO, compressed answers). `lighthouseRows(baseUrl)` returns
 * one row per page for a table; `node --import tsx bench/lighthouse.ts <baseUrl> [reportDir]` prints the table (and
 * keeps each page's full JSON report in reportDir; LIGHTHOUSE_ONLY=<regex> runs only the pages whose name matches;
 * LIGHTHOUSE_CPU_SLOWDOWN=<n> emulates a phone n times slower than this machine instead of Lighthouse's 4, to see on
 * a quiet machine what a busy one, or a slower phone, would score).
 *
 * The bag and checkout need a shopper with a bag: the storefront keeps the shopper's session id in local storage and
 * mirrors it in the `user-session-id` cookie (the server renders the bag from the cookie; the page's script reads
 * local storage and, without it, starts a session of its own). `prepareBag` makes a session with three lines
 * through the API; `shareBag` gives it to the browser both ways before Lighthouse loads the page, which it then does
 * without clearing storage (`disableStorageReset`), the HTTP cache being cleared by hand so the visit is still a first one.
 */

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Quiet on a closed network (docs: /work/shared/STACK.md). */
export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface LighthousePage {
  name: string;
  path: string;
  /** Needs a shopper whose bag holds three lines. */
  withBag?: boolean;
}

export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/categories/Animal-Charms' },
  { name: 'search', path: '/products/search/dog' },
  { name: 'product', path: '/products/heart-charms/sterling-silver/engravable-heart-padlock-charm/1889' },
  { name: 'bag (3 lines)', path: '/order', withBag: true },
  { name: 'checkout', path: '/order/process', withBag: true },
];

/** Three charms of the seed catalog, found by name as a shopper would search them. */
const BAG_CHARMS = ['Heart Key', 'Engravable Heart Padlock', 'Mixed Breed Rescue Dog'];
const STERLING_SILVER = 40;

export interface LighthouseRow {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  /** Lighthouse's measure of this machine's CPU speed at the time (a desktop of 2020 scores about 1,000): the timings scale with it. */
  benchmarkIndex: number;
  /** Audits that did not pass, by id (what to look at when a score is below 100). */
  failing: string[];
}

interface Session {
  id: string;
  [key: string]: unknown;
}

/** A new shopper session with three lines in its bag, made through the shop's API. */
export async function prepareBag(baseUrl: string): Promise<Session> {
  const created = await fetch(new URL('/api/user-session', baseUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (!created.ok) throw new Error(`POST /api/user-session answered ${created.status}`);
  const session = (await created.json()) as Session;
  for (const name of BAG_CHARMS) {
    const query = new URLSearchParams({ path: `/products/search/${name}`, pageSize: '1' });
    const found = (await (await fetch(new URL(`/api/products?${query}`, baseUrl))).json()) as { products: { id: number }[] };
    const product = found.products[0];
    if (!product) throw new Error(`No product found for "${name}"`);
    const added = await fetch(new URL('/api/shopping-cart/items', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', userSessionId: session.id },
      body: JSON.stringify({ productId: product.id, metalId: STERLING_SILVER, quantity: 1 }),
    });
    if (!added.ok) throw new Error(`Adding "${name}" answered ${added.status}: ${await added.text()}`);
  }
  return session;
}

/**
 * Hands the session to the browser as the storefront keeps it: the cookie, and local storage on the shop's origin
 * (written by a script that runs before the page's own in every document of the tab).
 */
export async function shareBag(page: Page, baseUrl: string, session: Session): Promise<void> {
  const { hostname, origin } = new URL(baseUrl);
  await page.browserContext().setCookie({ name: 'user-session-id', value: session.id, domain: hostname, path: '/', sameSite: 'Lax' });
  await page.evaluateOnNewDocument(
    (shopOrigin, stored) => {
      if (location.origin !== shopOrigin) return;
      localStorage.setItem('user-session-id', stored.id);
      localStorage.setItem('user-session', JSON.stringify(stored));
    },
    origin,
    session,
  );
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** Runs Lighthouse on every page in LIGHTHOUSE_PAGES, one after the other in one Chromium. */
export async function lighthouseRows(baseUrl: string, options: { reportDir?: string; only?: RegExp; cpuSlowdown?: number } = {}): Promise<LighthouseRow[]> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const rows: LighthouseRow[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const target of LIGHTHOUSE_PAGES.filter((one) => !options.only || options.only.test(one.name))) {
      const page = await browser.newPage();
      if (target.withBag) await shareBag(page, baseUrl, await prepareBag(baseUrl));
      const throttling = options.cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } } : {};
      const run = () => lighthouse(new URL(target.path, baseUrl).href, { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: target.withBag === true, ...throttling }, undefined, page);
      // On a loaded machine the trace is now and then incomplete (NO_NAVSTART): such a run has no figures, so run it again.
      let result = await run();
      if (result?.lhr.runtimeError) result = await run();
      if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${target.path}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
      const { lhr } = result;
      if (options.reportDir) {
        mkdirSync(options.reportDir, { recursive: true });
        writeFileSync(join(options.reportDir, `${target.name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      }
      const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
      const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
      rows.push({
        page: target.name,
        path: target.path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(value('largest-contentful-paint')),
        cls: Number(value('cumulative-layout-shift').toFixed(3)),
        fcpMs: Math.round(value('first-contentful-paint')),
        tbtMs: Math.round(value('total-blocking-time')),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        failing: Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
          .map((audit) => audit.id),
      });
      await page.close();
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
  }
  return rows;
}

/** The rows as a Markdown table. */
export function lighthouseTable(rows: readonly LighthouseRow[]): string {
  const lines = [
    '| page | performance | accessibility | best practices | SEO | LCP | CLS | FCP | TBT | CPU index |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${(row.lcpMs / 1000).toFixed(2)} s | ${row.cls} | ${(row.fcpMs / 1000).toFixed(2)} s | ${row.tbtMs} ms | ${row.benchmarkIndex} |`),
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, reportDir] = process.argv.slice(2);
  if (!baseUrl) {
    console.error('usage: node --import tsx bench/lighthouse.ts <baseUrl of a running shop> [reportDir]');
    process.exit(2);
  }
  const only = process.env.LIGHTHOUSE_ONLY ? new RegExp(process.env.LIGHTHOUSE_ONLY) : undefined;
  const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
  if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) throw new Error('LIGHTHOUSE_CPU_SLOWDOWN must be a number of 1 or more');
  const rows = await lighthouseRows(baseUrl, { ...(reportDir ? { reportDir } : {}), ...(only ? { only } : {}), ...(cpuSlowdown ? { cpuSlowdown } : {}) });
  console.log(lighthouseTable(rows));
  for (const row of rows) if (row.failing.length > 0) console.log(`${row.page}: ${row.failing.join(', ')}`);
}
