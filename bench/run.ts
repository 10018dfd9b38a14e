import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { queryRows } from '../apps/api/src/db/query';
import { seed } from '../apps/api/src/db/seed/seed';
import { pageQuery } from '../apps/api/src/services/catalog-listing';
import { findMetalById } from '@charms/domain/metals';
import { paced } from './paced';
import { type CatalogSize, type Sample, checkoutBody, scenarios } from './scenarios';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Each row first runs this long unrecorded: a server runs for days, so its warm state is the one to measure. */
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const catalogs = (process.env.BENCH_CATALOGS ?? 'standard,large').split(',') as CatalogSize[];
/** Only the scenarios whose name matches (a regular expression); a partial run prints its table and writes no file. */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU time per request (µs) of the API process and of PostgreSQL's backends, when both run on this machine. */
  apiCpuMicros?: number;
  databaseCpuMicros?: number;
}

async function freshDatabase(name: string): Promise<Database> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString() });
}

/** Starts bench/serve.ts in its own process; BENCH_PROFILE=1 writes a CPU profile of each to bench/profiles/. */
async function serve(env: Record<string, string>): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', fileURLToPath(new URL('./profiles', import.meta.url))] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(new URL('./serve.ts', import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before listening`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { url, pid: child.pid!, stop: () => (child.kill('SIGTERM'), exited) };
}

interface Load {
  sessions?: string[];
  /** Each session used once, with a fresh idempotency key: a fixed number of requests instead of a duration. */
  once?: boolean;
  connections?: number;
  rate?: number;
  /** Whose CPU time to count: the server's process, and the database whose backends serve it. */
  cpu?: { serverPid: number; database: Database };
}

async function measure(name: string, url: string, method: string, body?: unknown, load: Load = {}): Promise<Figures> {
  // Checkout rows use each bag once: they warm up on bags of their own first (see runCatalog).
  if (warmupSeconds > 0 && !load.once) await run(url, method, body, load, warmupSeconds);
  const before = load.cpu && (await cpuTicks(load.cpu));
  const started = Date.now();
  const figures = await run(url, method, body, load, seconds);
  const after = load.cpu && (await cpuTicks(load.cpu));
  const requests = (figures.requestsPerSecond * (Date.now() - started)) / 1000;
  const micros = (ticks: number | undefined) => (ticks === undefined || requests === 0 ? undefined : Math.round((ticks * tickMicros) / requests));
  if (!before || !after) return { name, ...figures };
  const serverTicks = before.server === undefined || after.server === undefined ? undefined : after.server - before.server;
  return { name, ...figures, apiCpuMicros: micros(serverTicks), databaseCpuMicros: micros(backendTicks(before, after)) };
}

/** Linux clock ticks (USER_HZ, 100 on Linux) in microseconds. */
const tickMicros = 10_000;

/** A process's CPU time so far (user + system) in clock ticks, from /proc; undefined where there is no /proc entry. */
function processTicks(pid: number): number | undefined {
  try {
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

interface CpuSnapshot {
  server: number | undefined;
  /** Each backend of the bench database by process id; undefined when they are not on this machine. */
  backends: Map<number, number> | undefined;
}

/** The CPU time so far of the server process and of its database's backends. */
async function cpuTicks({ serverPid, database }: NonNullable<Load['cpu']>): Promise<CpuSnapshot> {
  const rows = await queryRows<{ pid: number }>(database.db, sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
  const backends = new Map<number, number>();
  for (const { pid } of rows) {
    const ticks = processTicks(pid);
    if (ticks === undefined) return { server: processTicks(serverPid), backends: undefined };
    backends.set(pid, ticks);
  }
  return { server: processTicks(serverPid), backends };
}

/** The backends' CPU time between two snapshots: connections opened meanwhile count whole, closed ones are left out. */
function backendTicks(before: CpuSnapshot, after: CpuSnapshot): number | undefined {
  if (!before.backends || !after.backends) return undefined;
  let total = 0;
  for (const [pid, ticks] of after.backends) total += ticks - (before.backends.get(pid) ?? 0);
  return total;
}

async function run(url: string, method: string, body: unknown, load: Load, seconds: number): Promise<Omit<Figures, 'name'>> {
  let next = 0;
  const sessions = load.sessions ?? [];
  if (load.rate) {
    const figures = await paced({
      url,
      method,
      rate: load.rate,
      seconds,
      connections: load.connections ?? connections,
      ...(load.once ? { amount: sessions.length } : {}),
      request: (index) => ({
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(sessions.length > 0 ? { usersessionid: sessions[index % sessions.length]! } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(load.once ? { ...(body as object), idempotencyKey: randomUUID() } : body) }),
      }),
    });
    return figures;
  }
  const result = await autocannon({
    url,
    method: method as 'GET',
    connections: load.connections ?? connections,
    ...(load.once ? { amount: sessions.length } : { duration: seconds }),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...(sessions.length > 0
      ? {
          requests: [
            {
              setupRequest: (request: { headers?: Record<string, string>; body?: string }) => ({
                ...request,
                headers: { ...request.headers, usersessionid: sessions[next++ % sessions.length]! },
                ...(load.once && body !== undefined ? { body: JSON.stringify({ ...(body as object), idempotencyKey: randomUUID() }) } : {}),
              }),
            },
          ],
        }
      : {}),
  } as autocannon.Options);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

async function createSessions(base: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/api/user-session`, { method: 'POST' });
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

/** Sessions that each hold a bag with these items (add-to-bag bodies). */
async function createBags(base: string, count: number, items: unknown[]): Promise<string[]> {
  const sessions = await createSessions(base, count);
  for (const id of sessions) {
    for (const item of items) {
      const response = await fetch(`${base}/api/shopping-cart/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', usersessionid: id },
        body: JSON.stringify(item),
      });
      if (!response.ok) throw new Error(`could not fill a bench bag: ${response.status} ${await response.text()}`);
    }
  }
  return sessions;
}

async function paidOrders(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders where status = 'paid'`);
  return row!.n;
}

async function explain(database: Database, query: SQL): Promise<string> {
  const rows = await queryRows<Record<string, string>>(database.db, sql`explain (analyze, costs off, timing on) ${query}`);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

async function runCatalog(size: CatalogSize) {
  const started = Date.now();
  const database = await freshDatabase(`charms_bench_${size}`);
  await migrate(database);
  await seed(database.db, size);
  // A live database is vacuumed by autovacuum; measure it in that state, not straight after the bulk load.
  await database.db.execute(sql`vacuum analyze`);
  const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`)) as [{ n: number }];
  console.log(`${size}: ${n} products seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);

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
  // dead rows while the bench writes bags and orders; stand in for it before each scenario.
  const [{ autovacuum }] = (await queryRows<{ autovacuum: string }>(database.db, sql`select current_setting('autovacuum') as autovacuum`)) as [{ autovacuum: string }];
  for (const scenario of scenarios.filter((s) => s.catalogs.includes(size) && (!only || only.test(s.name)))) {
    console.log(`  measuring ${scenario.name}...`);
    const path = typeof scenario.path === 'function' ? scenario.path(sample) : scenario.path;
    const sessions = scenario.bag
      ? await createBags(cachedBase, scenario.orders ?? scenario.sessions ?? 0, scenario.bag(sample))
      : await createSessions(cachedBase, scenario.sessions ?? 0);
    const warmupBags = scenario.orders && scenario.bag && warmupSeconds > 0 ? await createBags(cachedBase, 300, scenario.bag(sample)) : undefined;
    if (autovacuum === 'off') await database.db.execute(sql`vacuum analyze`);
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
    search: await explain(database, pageQuery({ kind: 'search', words: ['heart'], term: 'heart' }, silver, 'Relevance', 1, 48)),
  };

  await Promise.all([ceiling.stop(), uncached.stop(), cached.stop()]);
  await database.close();
  return { size, products: n, rows, plans, autovacuum };
}

function table(rows: Figures[]): string {
  const ceilingRps = rows[0]!.requestsPerSecond;
  return [
    '| call | requests/s | p50 ms | p99 ms | ratio to ceiling | API CPU µs/request | PostgreSQL CPU µs/request | failures |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.requestsPerSecond.toLocaleString('en-US')} | ${row.p50} | ${row.p99} | ${(row.requestsPerSecond / ceilingRps).toFixed(2)} | ${row.apiCpuMicros ?? '-'} | ${row.databaseCpuMicros ?? '-'} | ${row.failures} |`,
    ),
  ].join('\n');
}

const results = [];
for (const size of catalogs) results.push(await runCatalog(size));

const sections = results.map(
  (result) => `## ${result.products.toLocaleString('en-US')} products (${result.size} catalog)

${table(result.rows)}

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

const doc = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}. Do not edit by hand: run it again.

Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
Database: PostgreSQL server (${new URL(adminUrl).host}), a fresh database per catalog size, seeded by the app's own seed
(\`npm run db:seed\`, and \`-- --large\` for 100,000 products).${
  results.some((result) => result.autovacuum === 'off')
    ? ' This server runs without autovacuum, so the harness runs `vacuum analyze` before each row, as autovacuum would keep the statistics fresh.'
    : ''
}
Load: autocannon, ${connections} connections, ${seconds} s per row after ${warmupSeconds} s unrecorded (checkout: 300 orders of bags of their own), from the same machine: each server runs in its own
process (\`bench/serve.ts\`, as \`npm run serve\` would), and shares the cores with the load generator and PostgreSQL.
The ceiling is a bare Fastify route in the same run answering the same bytes as \`GET /api/categories\` without a database;
"ratio" is a row's requests/s over the ceiling's. "cache warm" rows hit the instance's catalog cache (60 s, dropped on
any catalog change); "no cache" rows run against a second instance with \`CATALOG_CACHE_SECONDS=0\`, so every request
queries PostgreSQL.

Most rows are *saturated*: each connection sends its next request as soon as the last is answered, so the server,
PostgreSQL and the load generator share the 2 cores flat out, and latency is mostly time spent queueing (at N
connections, the mean latency is N / requests per second). Rows marked "offered" send requests at evenly spaced
times at that rate (\`bench/paced.ts\`), over at most the same number of connections, and count each latency
from the request's scheduled start: the latency a shopper sees at that traffic.

The CPU columns are what one request cost, read from \`/proc\` over the measured seconds: the API process's CPU time
(user and system) and that of the PostgreSQL backends serving the bench database, divided by the requests answered.
Unlike requests/s, they hardly depend on what else the machine is doing, so they are the figures to compare between
two versions of a call.

${sections.join('\n')}`;
if (only) console.log(sections.join('\n'));
else {
  // The products CSV's section is bench/product-csv.ts's (npm run bench:csv): kept as it is.
  const docUrl = new URL('../docs/benchmarks.md', import.meta.url);
  const csvSection = /<!-- product-csv -->[\s\S]*<!-- \/product-csv -->\n?/.exec(readFileSync(docUrl, 'utf8'))?.[0];
  writeFileSync(docUrl, csvSection ? `${doc.trimEnd()}\n\n${csvSection}` : doc);
  console.log(doc);
}
