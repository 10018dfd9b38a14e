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
  const result = (await db._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute()) as { rows: T[] };
  return result.rows;
}

/** The name a prepared statement gets: from its text, so one name never stands for two statements. */
export function statementName(text: string): string {
  return `q_${createHash('sha1').update(text).digest('base64url')}`;
}

/** Runs a drizzle query builder as a named prepared statement (see queryRows), keeping its typed result. */
export function runPrepared<R>(builder: { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<R> } }): Promise<R> {
  return builder.prepare(statementName(builder.toSQL().sql)).execute();
}
