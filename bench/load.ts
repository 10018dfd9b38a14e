import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { queryRows } from '../apps/api/src/db/query';
import { paced } from './paced';
import { processTicks, tickMicros, treeTicks } from './proc';

/** How every row is measured: autocannon (saturated) or paced.ts (offered), after a warm-up, with the CPU it cost. */
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Each row first runs this long unrecorded: a server runs for days, so its warm state is the one to measure. */
export const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

const benchStarted = Date.now();
/** A line of progress, after the minutes and seconds since the bench started. */
export function progress(message: string): void {
  const elapsed = Math.round((Date.now() - benchStarted) / 1000);
  console.log(`[${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, '0')}] ${message}`);
}

export interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** How many requests were answered in the measured seconds (autocannon's count; paced rows: all it sent). */
  answered?: number;
  /** CPU time per request (µs) of the server's processes (a cluster's primary and workers together), from /proc. */
  serverCpuMicros?: number;
  /** CPU time per request (µs) of PostgreSQL's backends serving the bench database, when it runs on this machine. */
  databaseCpuMicros?: number;
}

export interface Load {
  sessions?: string[];
  /** Each session used once, with a fresh idempotency key: a fixed number of requests instead of a duration. */
  once?: boolean;
  connections?: number;
  rate?: number;
  /** Sent with every request (e.g. accept-encoding, as a browser sends it). */
  headers?: Record<string, string>;
  /** Whose CPU time to count: the server's process and its descendants, and the database whose backends serve it. */
  cpu?: { serverPid: number; database: Database };
}

export async function measure(name: string, url: string, method: string, body?: unknown, load: Load = {}): Promise<Figures> {
  // Checkout rows use each bag once: they warm up on bags of their own first (see runCatalog).
  if (warmupSeconds > 0 && !load.once) await run(url, method, body, load, warmupSeconds);
  const before = load.cpu && (await cpuTicks(load.cpu));
  const started = Date.now();
  const figures = await run(url, method, body, load, seconds);
  const after = load.cpu && (await cpuTicks(load.cpu));
  const requests = figures.answered ?? (figures.requestsPerSecond * (Date.now() - started)) / 1000;
  const micros = (ticks: number | undefined) => (ticks === undefined || requests === 0 ? undefined : Math.round((ticks * tickMicros) / requests));
  if (!before || !after) return { name, ...figures };
  const serverTicks = before.server === undefined || after.server === undefined ? undefined : after.server - before.server;
  return { name, ...figures, serverCpuMicros: micros(serverTicks), databaseCpuMicros: micros(backendTicks(before, after)) };
}

interface CpuSnapshot {
  server: number | undefined;
  /** Each backend of the bench database by process id; undefined when they are not on this machine. */
  backends: Map<number, number> | undefined;
}

/** The CPU time so far of the server's processes and of its database's backends. */
async function cpuTicks({ serverPid, database }: NonNullable<Load['cpu']>): Promise<CpuSnapshot> {
  const rows = await queryRows<{ pid: number }>(database.db, sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
  const backends = new Map<number, number>();
  for (const { pid } of rows) {
    const ticks = processTicks(pid);
    if (ticks === undefined) return { server: treeTicks(serverPid), backends: undefined };
    backends.set(pid, ticks);
  }
  return { server: treeTicks(serverPid), backends };
}

/** The backends' CPU time between two snapshots: connections opened meanwhile count whole, closed ones are left out. */
function backendTicks(before: CpuSnapshot, after: CpuSnapshot): number | undefined {
  if (!before.backends || !after.backends) return undefined;
  let total = 0;
  for (const [pid, ticks] of after.backends) total += ticks - (before.backends.get(pid) ?? 0);
  return total;
}

export async function run(url: string, method: string, body: unknown, load: Load, seconds: number): Promise<Omit<Figures, 'name'>> {
  let next = 0;
  const sessions = load.sessions ?? [];
  const headers = { ...load.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  if (load.rate) {
    const figures = await paced({
      url,
      method,
      rate: load.rate,
      seconds,
      connections: load.connections ?? connections,
      ...(load.once ? { amount: sessions.length } : {}),
      request: (index) => ({
        headers: { ...headers, ...(sessions.length > 0 ? { usersessionid: sessions[index % sessions.length]! } : {}) },
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
    headers,
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
    answered: result.requests.total,
  };
}
