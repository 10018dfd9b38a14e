import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CATALOG_STATEMENT_TIMEOUT_MS } from '../src/db/client';
import { errorOf, shopperApi, useTestApp } from './helper';

/**
 * The shopper's catalog reads run on connections of their own, each statement stopped by PostgreSQL after
 * CATALOG_STATEMENT_TIMEOUT_MS (decision 0052): a search that cannot finish is answered 503 instead of holding a
 * connection, and however many searches hang, the bag and checkout keep theirs.
 *
 * A search is made to hang by holding a lock on the table every search reads (search_postings), from a connection
 * of the test's own, as a long migration or a stuck maintenance job would. The embedded database has one connection
 * and no statement timeout, so these are PostgreSQL's tests.
 */
const t = useTestApp();
const onServer = it.runIf(process.env.TEST_DATABASE_URL);

/** Holds an exclusive lock on search_postings until `release` is called. */
async function lockSearches(): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: (t.location as { url: string }).url });
  await client.connect();
  await client.query('begin');
  await client.query('lock table search_postings in access exclusive mode');
  return {
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

const search = (q: string) => t.app.inject({ method: 'GET', url: '/api/products', query: { path: '/products/search', q } });

describe('catalog reads, bounded', () => {
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
    expect(error.message).toMatch(/took too long to answer this, and nothing was changed/);

    // Nothing of the stopped search was kept: the same search now answers (no cached error, no broken connection).
    const again = await search('heart');
    expect(again.statusCode).toBe(200);
    expect((again.json() as { pagination: { totalCount: number } }).pagination.totalCount).toBeGreaterThan(0);
  });

  onServer('keeps the bag answering while every catalog connection waits on a hung search', async () => {
    const shopper = shopperApi(t);
    const session = await shopper.newSession();
    const lock = await lockSearches();
    const settled: string[] = [];
    try {
      // More hung searches than the catalog reads have connections (6 + 4): the rest wait for one.
      const searches = Array.from({ length: 12 }, (_, i) =>
        search(`heart ${['charm', 'love', 'gold', 'silver'][i % 4]} ${i}`).then((response) => {
          settled.push('search');
          return response.statusCode;
        }),
      );
      // The bag reads products and carts, on the other pool: it answers while the searches are still held.
      const bag = await shopper.call(session, 'GET', '/shopping-cart');
      settled.push('bag');
      expect(bag.statusCode).toBe(200);
      expect(settled).toEqual(['bag']);
      // The first search to end is stopped by its timeout; then the lock goes.
      expect(await Promise.race(searches)).toBe(503);
      await lock.release();
      const statuses = await Promise.all(searches);
      // The rest too, or, those that reached a connection only after the lock went, answered.
      expect(statuses.every((status) => status === 503 || status === 200)).toBe(true);
    } finally {
      await lock.release().catch(() => {});
    }
  }, 6 * CATALOG_STATEMENT_TIMEOUT_MS);
});
