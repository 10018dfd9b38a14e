import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CATALOG_STATEMENT_TIMEOUT_MS, SEARCH_ADMISSION } from '../src/db/client';
import { errorOf, shopperApi, useTestApp } from './helper';

/**
 * The shopper's catalog reads run on connections of their own, each statement stopped by PostgreSQL after
 * CATALOG_STATEMENT_TIMEOUT_MS, and a process's searches read a few at a time (decision 0052): a search that cannot
 * finish is answered 503 instead of holding a connection, and however many searches hang, listings, product pages,
 * the bag and checkout keep connections.
 *
 * A search is made to hang by holding a lock on the table every search reads (search_postings), from a connection
 * of the test's own, as a long migration or a stuck maintenance job would. The embedded database has one connection
 * and no statement timeout, so those are PostgreSQL's tests.
 */
const t = useTestApp();
// PostgreSQL only, so skipped on the embedded database (npm test) and run by CI's npm run test:db (TEST_DATABASE_URL):
// PGlite has one connection for everything and ignores statement_timeout, so there is no pool to fill and no
// statement it would stop.
const onServer = it.runIf(process.env.TEST_DATABASE_URL);
const TIMED_OUT = /took too long to answer this, and nothing was changed/;

async function connect() {
  const client = new pg.Client({ connectionString: (t.location as { url: string }).url });
  await client.connect();
  return client;
}

/**
 * Holds an exclusive lock on search_postings until `release` (or, should a test hang, for 20 s at most), and counts
 * the sessions that wait on a lock. The counting has a connection of its own: inside the lock's transaction,
 * pg_stat_activity would answer the same snapshot, taken at its first read, until the transaction ends.
 */
async function lockSearches() {
  const client = await connect();
  const observer = await connect();
  await client.query(`set idle_in_transaction_session_timeout = '20s'`);
  await client.query('begin');
  await client.query('lock table search_postings in access exclusive mode');
  let released: Promise<void> | undefined;
  const close = () => Promise.all([client.end(), observer.end()]).then(() => undefined, () => undefined);
  return {
    /** How many of the database's sessions wait on a lock now. */
    waiters: async (): Promise<number> => {
      const { rows } = await observer.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return rows[0]!.n;
    },
    release: () => (released ??= client.query('rollback').then(close, close)),
  };
}

const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, query });
const search = (q: string, pageSize = '48') => get('/api/products', { path: '/products/search', q, pageSize });

describe('catalog reads, bounded', () => {
  // PostgreSQL only (see onServer): PGlite never stops a statement.
  onServer('answers 503 with Retry-After when a search runs past its statement timeout, and the search answers again after', async () => {
    const lock = await lockSearches();
    let stopped;
    try {
      stopped = await search('heart');
    } finally {
      await lock.release();
    }
    expect(stopped.statusCode).toBe(503);
    expect(stopped.headers['retry-after']).toBe('5');
    expect(stopped.headers['cache-control']).toBe('no-store');
    const error = errorOf(stopped);
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toMatch(TIMED_OUT);

    // Nothing of the stopped search was kept: the same search now answers (no cached error, no broken connection).
    const again = await search('heart');
    expect(again.statusCode).toBe(200);
    expect((again.json() as { pagination: { totalCount: number } }).pagination.totalCount).toBeGreaterThan(0);
  });

  // PostgreSQL only (see onServer): PGlite's one connection has no lock another connection could hold.
  onServer(
    'reads a few searches at a time: with more hung than that, listings, product pages and the bag still answer',
    async () => {
      const shopper = shopperApi(t);
      const session = await shopper.newSession();
      // One-word searches (prepared, planned once) and several words (planned for their words): both pools.
      const words = ['heart', 'heart charm', 'love', 'love heart', 'dog', 'dog charm', 'cat', 'cat charm', 'star', 'star charm', 'angel', 'angel charm'];
      // The same searches once first, at another page size (other addresses for the answer cache): the pools'
      // connections are open and the statements prepared when the lock comes, so that the searches reach it at once.
      await Promise.all(words.map((q) => search(q, '7')));
      const lock = await lockSearches();
      try {
        // At a page size of their own: the first test's answers are in the answer cache.
        const searches = words.map((q) => search(q, '24'));
        const settled: string[] = [];
        for (const pending of searches) void pending.then(() => settled.push('search'));
        // The first few take their turn and wait on the lock; the others wait their turn, holding no connection.
        await expect.poll(lock.waiters, { timeout: CATALOG_STATEMENT_TIMEOUT_MS, interval: 20 }).toBe(SEARCH_ADMISSION.slots);

        const listing = await get('/api/products', { path: '/products/category/Dog-Charms' });
        expect(listing.statusCode).toBe(200);
        const [first] = (listing.json() as { products: Array<{ path: string }> }).products;
        expect((await get('/api/products/detail', { path: first!.path })).statusCode).toBe(200);
        expect((await shopper.call(session, 'GET', '/shopping-cart')).statusCode).toBe(200);
        expect(settled).toEqual([]);
        expect(await lock.waiters()).toBe(SEARCH_ADMISSION.slots);

        // The first searches to end are stopped by their timeout; then the lock goes, and the rest read.
        const firstEnded = await Promise.race(searches);
        expect(firstEnded.statusCode).toBe(503);
        expect(errorOf(firstEnded).message).toMatch(TIMED_OUT);
        await lock.release();
        // Those that had their turn before it went were stopped (those whose timeout came as it went, either way);
        // those still waiting their turn, under POOL_WAIT_MS, read.
        const ended = await Promise.all(searches);
        const stopped = ended.filter((response) => response.statusCode === 503);
        expect(stopped.length).toBeLessThanOrEqual(SEARCH_ADMISSION.slots);
        for (const response of stopped) expect(errorOf(response).message).toMatch(TIMED_OUT);
        expect(ended.filter((response) => response.statusCode === 200)).toHaveLength(searches.length - stopped.length);
      } finally {
        await lock.release();
      }
    },
    4 * CATALOG_STATEMENT_TIMEOUT_MS + 10_000,
  );

  it('refuses parameters a call does not take, so that they cannot make new addresses for the answer cache', async () => {
    for (const [url, query] of [
      ['/api/sitemap', { x: '1' }],
      ['/api/menu', { _: '1700000000' }],
      ['/api/categories', { x: '1' }],
      ['/api/products', { path: '/products/category/Dog-Charms', x: '1' }],
      ['/api/products/detail', { path: '/products/dog-charms/sterling-silver/x/1', x: '1' }],
    ] as const) {
      const response = await get(url, query);
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).message, url).toMatch(/is not a field this call accepts/);
    }
    // Without them, each answers.
    for (const url of ['/api/sitemap', '/api/menu', '/api/categories']) expect((await get(url)).statusCode, url).toBe(200);
  });
});
