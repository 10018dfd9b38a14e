import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ConfigError } from '../config';
import type { DatabaseLocation } from './location';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * The shopper's catalog reads (listings, searches, product pages): on PostgreSQL, connections of their own whose
   * statements stop after CATALOG_STATEMENT_TIMEOUT_MS, so a flood of dear searches can neither run without end nor
   * take the connections the bag, checkout and the admin need (decision 0052). The embedded database: `db` itself.
   */
  catalogDb: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL, for a server; undefined for the embedded database. */
  url?: string;
  /**
   * Calls `onMessage` for every NOTIFY on the channel, and `onLost` when notifications may have been missed
   * (the listening connection dropped; it reconnects by itself). Returns a function that stops listening.
   */
  listen(channel: string, onMessage: () => void, onLost: () => void): Promise<() => Promise<void>>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}


/**
 * `startFrom`, for the embedded database only: a data directory saved by PGlite's dumpDataDir() that a new, empty
 * data directory starts as (the tests' migrated and seeded template), instead of an empty cluster.
 */
export async function openDatabase(location: DatabaseLocation, options: { startFrom?: Blob } = {}): Promise<Database> {
  return 'url' in location ? openPostgres(location.url) : openPglite(location.dataDir, options.startFrom);
}

/** Connections one process's pool opens at most on a PostgreSQL server, for everything but the catalog's reads. */
const POOL_SIZE = 8;
/** Connections its pool of the shopper's catalog reads opens at most (Database.catalogDb). */
const CATALOG_POOL_SIZE = 6;
/** Connections the catalog reads' second pool opens at most, for the statements planned once per connection (plannedOncePool). */
const PLANNED_ONCE_POOL_SIZE = 4;
/** Connections one process holds at most: its three pools, and one that LISTENs for catalog changes. */
export const CONNECTIONS_PER_PROCESS = POOL_SIZE + CATALOG_POOL_SIZE + PLANNED_ONCE_POOL_SIZE + 1;

/** How long a request waits for a free connection (or for a new one to answer) before it is answered 503. */
const POOL_WAIT_MS = 5_000;

/**
 * Searches reading at once in one process (db/admission.ts): 4 of the catalog reads' 10 connections at most, so that
 * however many searches come, listings and product pages keep 6 (decision 0052). Up to 64 more wait, each at most as
 * long as a request waits for a free connection (POOL_WAIT_MS); beyond that a search is answered 503 at once.
 */
export const SEARCH_ADMISSION = { slots: 4, maxWaiting: 64, maxWaitMs: POOL_WAIT_MS } as const;

/**
 * How long one statement of the shopper's catalog reads may run on PostgreSQL before the server stops it (the
 * request is answered 503, see plugins/errors.ts). The dearest search measured on 100,000 products took 0.27 s
 * (decision 0050); ten times that is a statement no shopper is waiting for.
 */
export const CATALOG_STATEMENT_TIMEOUT_MS = 3_000;

// Many short queries from many shoppers: parallel workers cost more than they save (and the catalog's queries are
// index scans), so this application's sessions run each query in one process. For the same reason no JIT: compiling
// a statement's expressions took about 30 ms each time a search's estimated cost passed jit_above_cost, for a
// statement that runs in 3 (decision 0035).
const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0 -c jit=off';

/** Each PostgreSQL pool's pool of statements planned once per connection (see plannedOncePool). */
const plannedOncePools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * The pool whose connections use a prepared statement's generic plan always (plan_cache_mode force_generic_plan),
 * beside `pool` (the catalog reads' pool, whose statements are the ones planned once; other pools have none): for
 * statements whose plan is the same whatever their values, but which PostgreSQL would otherwise plan again on every
 * call because it estimates their generic plan dearer (decision 0046). A connection's setting,
 * so a pool of its own rather than a setting changed and restored around each statement (two more round trips,
 * which cost more than they saved on a small catalog).
 */
export function plannedOncePool(pool: pg.Pool): pg.Pool | undefined {
  return plannedOncePools.get(pool);
}

/** A pool of at most `max` connections; one that does not answer fails the request after 5 s (a 503) instead of holding it. */
function serverPool(url: string, max: number, settings: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: POOL_WAIT_MS, options: settings });
  // A client losing its connection must not crash the process, idle (the pool's listener) or checked out (its
  // own: the pool takes its listener off while a client is out). Its pending queries fail, and the pool drops it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

function openPostgres(url: string): Database {
  const pool = serverPool(url, POOL_SIZE, SESSION_SETTINGS);
  const catalogSettings = `${SESSION_SETTINGS} -c statement_timeout=${CATALOG_STATEMENT_TIMEOUT_MS}`;
  const catalogPool = serverPool(url, CATALOG_POOL_SIZE, catalogSettings);
  const plannedOnce = serverPool(url, PLANNED_ONCE_POOL_SIZE, `${catalogSettings} -c plan_cache_mode=force_generic_plan`);
  plannedOncePools.set(catalogPool, plannedOnce);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    catalogDb: drizzlePg(catalogPool, { schema }) as unknown as Db,
    kind: 'postgres',
    url,
    listen: (channel, onMessage, onLost) => listenOnServer(url, channel, onMessage, onLost),
    ping: async () => {
      await pool.query('select 1');
    },
    close: once(async () => {
      await Promise.all([pool.end(), catalogPool.end(), plannedOnce.end()]);
    }),
  };
}

/**
 * The embedded database is one process's: two processes writing one data directory (the shop and `admin:create`, or
 * two shops) would corrupt it, and PGlite does not stop them. A lock file with the holder's pid does; a lock left by
 * a process that is gone (killed, or this process's own before a restart) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, 'charms.pid');
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new ConfigError(
        `The embedded database in ${dataDir} is open in another process (pid ${holder}, probably the running shop). Stop that process first, or set DATABASE_URL to use a PostgreSQL server.`,
      );
    }
    rmSync(lockFile, { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPglite(dataDir: string, startFrom?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(resolve(dataDir), { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(resolve(dataDir));
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? dataDir : resolve(dataDir), { extensions: { pg_trgm }, ...(startFrom ? { loadDataDir: startFrom } : {}) });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    catalogDb: db,
    kind: 'pglite',
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    ping: async () => {
      await client.query('select 1');
    },
    close: once(() => client.close().finally(unlock)),
  };
}

/** Closing twice (app shutdown, then a test's cleanup) must not fail. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** LISTEN on a dedicated connection (a pool connection may be handed to others), reconnecting when it drops. */
async function listenOnServer(url: string, channel: string, onMessage: () => void, onLost: () => void): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', onMessage);
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped) return;
      onLost();
      setTimeout(() => void connect().catch(() => onLost()), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
    // Anything may have changed while no one listened: treat a (re)connection as a change.
    onMessage();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
