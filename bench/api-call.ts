/**
 * What one uncached API call costs: CPU time per request of the API's process and of the PostgreSQL backends that
 * serve it, one request after another.
 *
 *   npm run bench:api -- '/api/products?path=/products/search/heart&pageSize=48' [more paths...]
 *
 * Starts the API alone (bench/serve.ts, BENCH_SERVE=api) with its catalog cache off (CATALOG_CACHE_SECONDS=0) on a
 * database `npm run bench` left behind (API_CALL_DATABASE, default charms_bench_standard; charms_bench_large for
 * 100,000 products) on BENCH_DATABASE_URL's server, which must run on this machine (its backends' CPU time is read
 * from /proc). Warms it up, then sends each path N times and reads, around each request, the CPU time of the API's
 * process and of its backends (found by their application_name). Prints the mean and the median of each.
 *
 *   API_CALL_REQUESTS   requests per path (default 500, after 100 unrecorded)
 *   API_CALL_DATABASE   the database (default charms_bench_standard)
 *   API_CALL_HEADERS    more request headers, as a JSON object of strings, e.g. '{"usersessionid":"<id>"}' to read the
 *                       bag of a session `npm run bench` left in the database
 *   API_CALL_COMPARE    another checkout of this repository, e.g. the commit before a change:
 *                         git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *                       both APIs run side by side and each request goes to one, then the other, so a change of the
 *                       machine's speed falls on both (separate runs on these shared machines differ by 20-40%)
 *
 * `npm run bench` measures the same calls under load (requests/s, p99); this measures what a change does to each.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { databaseUrl, hasDatabase, serverUrl } from './databases';
import { envObject } from './env-object';
import { processCpuNs } from './proc';
import { type Server, serve } from './servers';

const root = fileURLToPath(new URL('..', import.meta.url));
const database = process.env.API_CALL_DATABASE ?? 'charms_bench_standard';
const requests = Number(process.env.API_CALL_REQUESTS ?? 500);
const paths = process.argv.slice(2);
const compare = process.env.API_CALL_COMPARE;
const headers = envObject('API_CALL_HEADERS', '{"usersessionid":"<id>"}');

if (paths.length === 0 || paths.some((path) => !path.startsWith('/api/'))) {
  throw new Error('Give one or more API paths to measure, each starting with /api/, e.g. /api/products?path=/products/search/heart');
}
if (!Number.isInteger(requests) || requests < 1) throw new Error(`API_CALL_REQUESTS must be a whole number of requests, not "${process.env.API_CALL_REQUESTS}"`);
if (compare !== undefined && !existsSync(`${compare}/bench/serve.ts`)) {
  throw new Error(`API_CALL_COMPARE must be another checkout of this repository (no ${compare}/bench/serve.ts)`);
}

interface Api extends Server {
  checkout: string;
  /** The application_name its connections give PostgreSQL, so its backends can be told from the other API's. */
  name: string;
}

async function startApi(checkout: string, index: number): Promise<Api> {
  const name = `bench-api-call-${index}`;
  const env = {
    BENCH_SERVE: 'api',
    CATALOG_CACHE_SECONDS: '0',
    DATABASE_URL: databaseUrl(database),
    PGAPPNAME: name,
    PAYMENT_GATEWAY: 'test',
    PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
    NODE_ENV: 'production',
  };
  return { ...(await serve(env, checkout)), checkout, name };
}

async function get(url: string): Promise<void> {
  const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (ns: number) => (ns / 1e6).toFixed(2);

if (!(await hasDatabase(database))) {
  throw new Error(`There is no database ${database} on ${serverUrl}: \`npm run bench\` makes charms_bench_standard and charms_bench_large (API_CALL_DATABASE)`);
}
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const apis = [await startApi(root, 0), ...(compare ? [await startApi(compare, 1)] : [])];
try {
  const backends = async (api: Api) =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [api.name])).rows.map((row) => row.pid);
  const cpu = (pids: number[]) => new Map(pids.map((pid) => [pid, processCpuNs(pid)]));
  /** What the backends spent between two readings: one that ended (0 after) spent an unknown part and counts 0; a new one counts whole. */
  const spent = (before: Map<number, number>, after: Map<number, number>) =>
    [...after].reduce((sum, [pid, ns]) => sum + (ns === 0 ? 0 : ns - (before.get(pid) ?? 0)), 0);

  console.log(`\nCPU time per uncached API call (${requests} sequential requests each, database ${database}${compare ? `; requests alternated with ${compare}'s` : ''})\n`);
  console.log('| call | checkout | API mean ms | API median ms | PostgreSQL mean ms | PostgreSQL median ms |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const path of paths) {
    for (let i = 0; i < 100; i++) for (const api of apis) await get(`${api.url}${path}`);
    const samples = apis.map(() => ({ api: [] as number[], database: [] as number[] }));
    for (let i = 0; i < requests; i++) {
      for (const [index, api] of apis.entries()) {
        // A pool may open or close a connection: its backends are read again around each request.
        const pids = await backends(api);
        const [apiBefore, databaseBefore] = [processCpuNs(api.pid), cpu(pids)];
        await get(`${api.url}${path}`);
        const after = [...new Set([...pids, ...(await backends(api))])];
        samples[index]!.api.push(processCpuNs(api.pid) - apiBefore);
        samples[index]!.database.push(spent(databaseBefore, cpu(after)));
      }
    }
    for (const [index, api] of apis.entries()) {
      const { api: apiNs, database: databaseNs } = samples[index]!;
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      console.log(`| \`${path}\` | ${api.checkout === root ? 'this one' : api.checkout} | ${ms(mean(apiNs))} | ${ms(median(apiNs))} | ${ms(mean(databaseNs))} | ${ms(median(databaseNs))} |`);
    }
  }
} finally {
  await Promise.all(apis.map((api) => api.stop()));
  await admin.end();
}
