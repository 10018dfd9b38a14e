import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Runs raw SQL (parameters bound by drizzle's sql template) and returns its rows; works on both drivers.
 *
 * `prepared`: a named prepared statement on PostgreSQL (named after its text), so each pooled connection parses
 * and plans it once instead of on every call. For the hot calls (the bag, checkout) whose SQL text is fixed
 * and whose planning costs more than running them; the embedded database ignores it.
 */
export async function queryRows<T>(db: Db, query: SQL, options: { prepared?: boolean } = {}): Promise<T[]> {
  if (!options.prepared) {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
  const built = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(built.sql).digest('base64url')}`;
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
