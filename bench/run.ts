import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import os from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { freshDatabase, serverUrl } from './databases';
import { migrate } from '../apps/api/src/db/migrate';
import { queryRows } from '../apps/api/src/db/query';
import { seed } from '../apps/api/src/db/seed/seed';
import { pageQuery } from '../apps/api/src/services/catalog-listing';
import { findMetalById } from '@charms/domain/metals';
import { type Figures, connections, measure, progress, run, seconds, warmupSeconds } from './load';
import { type Soak, memorySvg, soak } from './memory';
import { benchPages, measurePages, soakMix } from './pages';
import { processTree, treeResidentBytes, treeRssBytes } from './proc';
import { lighthouseRows, lighthouseTable } from './lighthouse';
import { type CatalogResult, apiTable, growthTable, lighthouseSummary, lighthouseVerdicts, memoryTable, pagesTables, soakSection, summaryTable } from './report';
import { type CatalogSize, type Sample, checkoutBody, scenarios } from './scenarios';
import { ensureBuild, serve, startShop } from './servers';

const dbPrefix = process.env.BENCH_DATABASE_PREFIX ?? 'charms_bench';
const catalogs = (process.env.BENCH_CATALOGS ?? 'standard,large').split(',') as CatalogSize[];
/** Only the rows whose name matches (a regular expression); a partial run prints its tables and writes no file. */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const wanted = (name: string) => !only || only.test(name);
/** The soak, on the last catalog's shop: how long, at what offered load; its memory is read every 10 s. */
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const soakRate = Number(process.env.BENCH_SOAK_RATE ?? 30);
/** The shop's pages, its memory, the soak and Lighthouse need the built shop; a run of API rows alone does not start it. */
const pagesWanted = benchPages('').some((page) => wanted(`page ${page.name} (cached)`) || wanted(`page ${page.name} (no page cache)`)) || wanted('image /api/media');
const soakWanted = soakSeconds > 0 && wanted('memory soak');
const lighthouseWanted = wanted('lighthouse');
const shopWanted = pagesWanted || soakWanted || lighthouseWanted;
const startLoad = os.loadavg()[0]!;

/** Setting up sessions and bags, several at a time (the rows measure; this only has to be done). */
const setupConcurrency = 8;

async function inParallel<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      made[index] = await make(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(setupConcurrency, count) }, worker));
  return made;
}

async function createSessions(base: string, count: number): Promise<string[]> {
  return inParallel(count, async () => {
    const response = await fetch(`${base}/api/user-session`, { method: 'POST' });
    return ((await response.json()) as { id: string }).id;
  });
}

/** Sessions that each hold a bag with these items (add-to-bag bodies, added in order). */
async function createBags(base: string, count: number, items: unknown[]): Promise<string[]> {
  return inParallel(count, async () => {
    const [id] = await createSessions(base, 1);
    for (const item of items) {
      const response = await fetch(`${base}/api/shopping-cart/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', usersessionid: id! },
        body: JSON.stringify(item),
      });
      if (!response.ok) throw new Error(`could not fill a bench bag: ${response.status} ${await response.text()}`);
    }
    return id!;
  });
}

async function paidOrders(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders where status = 'paid'`);
  return row!.n;
}

async function explain(database: Database, query: SQL): Promise<string> {
  const rows = await queryRows<Record<string, string>>(database.db, sql`explain (analyze, costs off, timing on) ${query}`);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}


/** Lighthouse (bench/lighthouse.ts) on the shop at `baseUrl`: its table, each page against the targets, a summary. */
async function lighthouseSection(baseUrl: string): Promise<{ text: string; summary: string }> {
  progress('  Lighthouse...');
  const rows = await lighthouseRows(baseUrl);
  return { text: `${lighthouseTable(rows)}\n\n${lighthouseVerdicts(rows)}`, summary: lighthouseSummary(rows) };
}

interface CatalogRun extends CatalogResult {
  plans: { listing: string; search: string };
  autovacuum: string;
  soak?: Soak;
  lighthouse?: { text: string; summary: string };
}

async function runCatalog(size: CatalogSize, last: boolean): Promise<CatalogRun> {
  const started = Date.now();
  progress(`${size}: seeding a fresh database...`);
  const database = await freshDatabase(`${dbPrefix}_${size}`);
  await migrate(database);
  await seed(database.db, size);
  // A live database is vacuumed by autovacuum; measure it in that state, not straight after the bulk load.
  await database.db.execute(sql`vacuum analyze`);
  const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`)) as [{ n: number }];
  progress(`${size}: ${n} products seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // The servers run in their own processes; order emails go to .eml files in a scratch folder, not the shop's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'charms-bench-'));
  const env = { DATABASE_URL: database.url!, PUBLIC_BASE_URL: 'http://localhost', PAYMENT_GATEWAY: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const cached = await serve({ ...env, BENCH_SERVE: 'api' });
  const uncached = await serve({ ...env, BENCH_SERVE: 'api', CATALOG_CACHE_SECONDS: '0' });
  const [cachedBase, uncachedBase] = [cached.url, uncached.url];

  // The ceiling: a bare Fastify route answering the bytes of GET /api/categories, with no database.
  const ceilingFile = join(dataDir, 'ceiling.json');
  writeFileSync(ceilingFile, await (await fetch(`${cachedBase}/api/categories`)).text());
  const ceiling = await serve({ BENCH_SERVE: 'ceiling', BENCH_CEILING_BODY: ceilingFile });
  const ceilingUrl = `${ceiling.url}/ceiling`;

  const first = async (category: string) =>
    ((await (await fetch(`${cachedBase}/api/products?path=/products/category/${category}&pageSize=1`)).json()) as { products: { id: number; path: string }[] })
      .products[0]!;
  const [heartCharm, charmTag, bracelet] = [await first('Heart-Charms'), await first('charm-tags'), await first('Charm-Bracelets')];
  const sample: Sample = { productPath: heartCharm.path, charmId: heartCharm.id, engravableId: charmTag.id, braceletId: bracelet.id };

  const rows: Figures[] = [
    await measure('ceiling: bare Fastify, same bytes as /api/categories', ceilingUrl, 'GET', undefined, { cpu: { serverPid: ceiling.pid, database } }),
  ];
  // A server without autovacuum (this machine's, for one) never refreshes the planner's statistics or clears
  // dead rows while the bench writes bags and orders; stand in for it before each scenario that follows a write (a
  // row that wrote, or this row's own sessions and bags).
  const [{ autovacuum }] = (await queryRows<{ autovacuum: string }>(database.db, sql`select current_setting('autovacuum') as autovacuum`)) as [{ autovacuum: string }];
  let written = false;
  for (const scenario of scenarios.filter((s) => s.catalogs.includes(size) && (!only || only.test(s.name)))) {
    progress(`  measuring ${scenario.name}...`);
    const path = typeof scenario.path === 'function' ? scenario.path(sample) : scenario.path;
    const sessions = scenario.bag
      ? await createBags(cachedBase, scenario.orders ?? scenario.sessions ?? 0, scenario.bag(sample))
      : await createSessions(cachedBase, scenario.sessions ?? 0);
    const warmupBags = scenario.orders && scenario.bag && warmupSeconds > 0 ? await createBags(cachedBase, 300, scenario.bag(sample)) : undefined;
    if (autovacuum === 'off' && (written || sessions.length > 0)) await database.db.execute(sql`vacuum analyze`);
    written = scenario.method !== 'GET';
    if (scenario.orders) {
      const bags = sessions;
      const checkout = { once: true, connections: scenario.connections ?? connections, ...(scenario.rate ? { rate: scenario.rate } : {}) };
      if (warmupBags) await run(`${cachedBase}${path}`, scenario.method, checkoutBody, { ...checkout, sessions: warmupBags }, warmupSeconds);
      const paidBefore = await paidOrders(database);
      const started = Date.now();
      const figures = await measure(scenario.name, `${cachedBase}${path}`, scenario.method, checkoutBody, {
        ...checkout,
        sessions: bags,
        cpu: { serverPid: cached.pid, database },
      });
      const placed = (await paidOrders(database)) - paidBefore;
      figures.name += `: ${placed} orders paid, ${(placed / ((Date.now() - started) / 1000)).toFixed(0)} orders/s`;
      rows.push(figures);
      continue;
    }
    rows.push(
      await measure(scenario.name, `${scenario.uncached ? uncachedBase : cachedBase}${path}`, scenario.method, scenario.body, {
        sessions,
        ...(scenario.rate ? { rate: scenario.rate } : {}),
        cpu: { serverPid: scenario.uncached ? uncached.pid : cached.pid, database },
      }),
    );
  }

  const heart = (await queryRows<{ id: number }>(database.db, sql`select id from categories where url_friendly_name = 'Heart-Charms'`))[0]!;
  const silver = findMetalById(40)!;
  const plans = {
    listing: await explain(
      database,
      pageQuery({ kind: 'category', category: { id: heart.id, categoryName: 'Heart Charms', urlFriendlyName: 'Heart-Charms', description: '' } }, silver, 'Name', 1, 48),
    ),
    search: await explain(database, pageQuery({ kind: 'search', words: ['heart'], term: 'heart', posted: [{ word: 'heart', lexemes: ['heart'] }] }, silver, 'Relevance', 1, 48)),
  };

  await Promise.all([ceiling.stop(), uncached.stop(), cached.stop()]);
  const result: CatalogRun = { size, products: n, rows: rows.map((row) => ({ ...row, ratio: row.requestsPerSecond / rows[0]!.requestsPerSecond })), plans, autovacuum };
  if (shopWanted) {
    if (autovacuum === 'off' && written) await database.db.execute(sql`vacuum analyze`);
    Object.assign(result, await runShop(database, dataDir, sample, heartCharm.id, last));
  }
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return result;
}

/**
 * The built shop on the same database: its pages (one instance with the page cache, one without), its memory after
 * them, and on the last catalog the soak and Lighthouse.
 */
async function runShop(database: Database, dataDir: string, sample: Sample, productId: number, last: boolean): Promise<Partial<CatalogRun>> {
  const env = {
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    ...(process.env.BENCH_WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.BENCH_WEB_CONCURRENCY } : {}),
  };
  // One after the other: the first start of a database makes its secrets.
  progress('  starting the built shop, with and without its page cache...');
  const cached = await startShop({ ...env, ROBOTS: 'index' });
  const uncached = await startShop({ ...env, PAGE_CACHE_MAX_BYTES: '0' });
  const result: Partial<CatalogRun> = {};
  try {
    if (pagesWanted) result.pages = await measurePages({ database, dataDir, cached, uncached, productPath: sample.productPath, productId, ...(only ? { only } : {}) });
    result.memory = {
      cached: treeResidentBytes(cached.pid),
      uncached: treeResidentBytes(uncached.pid),
      cachedRss: treeRssBytes(cached.pid),
      uncachedRss: treeRssBytes(uncached.pid),
      processes: processTree(cached.pid).length,
    };
    // The soak and Lighthouse have the machine to the shop with its page cache.
    await uncached.stop();
    if (last && soakWanted) {
      progress(`  soak: ${soakSeconds} s at ${soakRate} requests/s...`);
      result.soak = await soak({ url: cached.url, pid: cached.pid, seconds: soakSeconds, rate: soakRate, everySeconds: 10, requests: await soakMix(cached.url) });
    }
    if (last && lighthouseWanted) result.lighthouse = await lighthouseSection(cached.url);
  } finally {
    await Promise.all([cached.stop(), uncached.stop()]);
  }
  return result;
}


if (shopWanted) ensureBuild();
const results: CatalogRun[] = [];
for (const [index, size] of catalogs.entries()) results.push(await runCatalog(size, index === catalogs.length - 1));
const endLoad = os.loadavg()[0]!;
progress('done');

const sections = results.map(
  (result) => `## ${result.products.toLocaleString('en-US')} products (${result.size} catalog)

### API

${apiTable(result.rows)}
${result.pages ? `\n### Pages\n\n${pagesTables(result.pages)}\n` : ''}
<details><summary>Query plans (EXPLAIN ANALYZE) for the listing and the search</summary>

Category listing, Heart Charms, sterling silver, by name, 48 per page:

\`\`\`
${result.plans.listing}
\`\`\`

Search "heart", by relevance, 48 per page:

\`\`\`
${result.plans.search}
\`\`\`

</details>
`,
);

// Kept as they are from the doc this run replaces: the notes written by hand on why a target is missed (after the
// targets), and the products CSV's section (bench/product-csv.ts, npm run bench:csv, at the end).
const docUrl = new URL('../docs/benchmarks.md', import.meta.url);
const previous = existsSync(docUrl) ? readFileSync(docUrl, 'utf8') : '';
const kept = (name: string) => new RegExp(`<!-- ${name} -->[\\s\\S]*<!-- /${name} -->`).exec(previous)?.[0];
const soaked = results.find((result) => result.soak);
const lighthouse = results.find((result) => result.lighthouse)?.lighthouse;
const svgFile = 'benchmarks-memory.svg';
const [small, large] = [results.find((result) => result.size === 'standard'), results.find((result) => result.size === 'large')];
const growth =
  small && large
    ? `## Growth: ${small.products.toLocaleString('en-US')} and ${large.products.toLocaleString('en-US')} products

Each row measured on both catalogs, and how much worse it does on the large one: requests/s (small over large) or the
server's CPU per request (large over small), whichever grew more. Target: within 2x.

${growthTable(small, large)}
`
    : '## Growth\n\n(Both catalogs are needed: this run measured only one.)\n';
const memory = `## Memory

Resident memory of the shop after the catalog's rows (the shop with the page cache had served every page row; the photo
was uploaded through the other one): the proportional set sizes (Pss, \`/proc/<pid>/smaps_rollup\`) of all its
processes summed, so a page that several of them share (the Node binary and the libraries they all map; each worker
is a process of its own, started afresh) counts once: what the shop holds in RAM. Beside it, their VmRSS summed, which
counts each shared page once per process.

${memoryTable(results)}

${soaked ? soakSection(soaked.soak!, soaked.size, only ? undefined : svgFile) : 'No soak in this run (BENCH_SOAK_SECONDS=0, or BENCH_ONLY left it out).'}
`;

const doc = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}. Do not edit by hand: run it again.

Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average
${startLoad.toFixed(1)} at the start and ${endLoad.toFixed(1)} at the end (anything else using the cores lowers requests/s; the CPU
columns hardly move).
Database: PostgreSQL server (${new URL(serverUrl).host}), a fresh database per catalog size, seeded by the app's own seed
(\`npm run db:seed\`, and \`-- --large\` for 100,000 products).${
  results.some((result) => result.autovacuum === 'off')
    ? ' This server runs without autovacuum, so the harness runs `vacuum analyze` before each API row that follows a write, as autovacuum would keep the statistics fresh.'
    : ''
}
Load: autocannon, ${connections} connections, ${seconds} s per row after ${warmupSeconds} s unrecorded (checkout: 300 orders of bags of their own), from the same machine: each server runs in its own
process, and shares the cores with the load generator and PostgreSQL.

**API rows** run against the API alone (\`bench/serve.ts\`, as \`npm run serve\` builds it). The ceiling is a bare Fastify
route in the same run answering the same bytes as \`GET /api/categories\` without a database; "ratio" is a row's
requests/s over the ceiling's. "cache warm" rows hit the instance's catalog cache (60 s, dropped on any catalog
change); "no cache" rows run against a second instance with \`CATALOG_CACHE_SECONDS=0\`, so every request queries
PostgreSQL.

**Page rows** run against the built shop (\`apps/web/build/server/index.js\`, as \`npm run serve\` starts it, storefront
and API in one server, or a cluster of processes when WEB_CONCURRENCY asks for one) on the same database, requests
sent as Chromium sends them (\`accept-encoding: gzip, deflate, br, zstd\`: Zstandard for pages made per request, decision 0043). Cached pages: a shop with its page cache as configured by
default, each page asked for before its row (and warmed for the warm-up seconds), beside a bare \`node:http\` server
that answers the same path with the bytes and headers the shop sent (captured once in the same run): "ratio" is the
shop's requests/s over the bare server's; the X-Page-Cache column is the shop's header after the row ("absent": this
shop has no page cache). Uncached pages: a second shop with \`PAGE_CACHE_MAX_BYTES=0\`, so every request renders. The
images row is a product photo (uploaded through the admin API first: the seeded catalog has none), its largest AVIF
variant from \`/api/media\`, beside the same bare server.

Most rows are *saturated*: each connection sends its next request as soon as the last is answered, so the server,
PostgreSQL and the load generator share the cores flat out, and latency is mostly time spent queueing (at N
connections, the mean latency is N / requests per second). Rows marked "offered" send requests at evenly spaced
times at that rate (\`bench/paced.ts\`), over at most the same number of connections, and count each latency
from the request's scheduled start: the latency a shopper sees at that traffic.

The CPU columns are what one request cost, read from \`/proc\` over the measured seconds: the server's CPU time (user and
system; all the shop's processes when it runs as a cluster) and that of the PostgreSQL backends serving the bench
database, divided by the requests answered. Unlike requests/s, they hardly depend on what else the machine is doing,
so they are the figures to compare between two versions of a call.

## Targets

Every target, each catalog's figure beside it: met, or missed and by how much.

${summaryTable(results, soaked?.soak ? { result: soaked.soak, catalog: soaked.size } : undefined, lighthouse?.summary ?? 'not run')}

${kept('why') ?? '<!-- why -->\nWhy a target is missed: written by hand here, between the `why` markers; `npm run bench` keeps it.\n<!-- /why -->'}

${sections.join('\n')}
${growth}
${memory}
## Lighthouse

${lighthouse?.text ?? 'Not run (BENCH_ONLY left it out).'}
`;
if (only) console.log(doc);
else {
  const csvSection = kept('product-csv');
  writeFileSync(docUrl, csvSection ? `${doc.trimEnd()}\n\n${csvSection.trimEnd()}\n` : doc);
  if (soaked?.soak) writeFileSync(new URL(`../docs/${svgFile}`, import.meta.url), memorySvg(soaked.soak, `Resident memory of the shop during the soak (${soaked.products.toLocaleString('en-US')} products)`));
  console.log(doc);
}
