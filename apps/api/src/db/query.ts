import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Runs raw SQL (parameters bound by drizzle's sql template) and returns its rows; works on both drivers. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
