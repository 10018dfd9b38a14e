import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, plannedOncePool } from './client';

const dialect = new PgDialect();

/**
 * Runs raw SQL (parameters bound by drizzle's sql template) and returns its rows; works on both drivers.
 *
 * `prepared`: a named prepared statement on PostgreSQL (named after its text), so each pooled connection parses
 * it once instead of on every call. For the hot calls (the bag, checkout) whose SQL text is fixed and whose
 * planning costs more than running them; the embedded database ignores it. PostgreSQL still plans a prepared
 * statement again for its values whenever it estimates its generic plan dearer than those plans (plan_cache_mode
 * auto), which is right where the values change the plan. `'planned once'`: run on the pool whose connections use
 * the generic plan always (plannedOncePool in client.ts, decision 0046), for a statement whose plan is the same
 * whatever its values; on a pool without one (only the catalog reads' pool has one) or in a transaction, on that pool
 * or the transaction's connection, as `true` is.
 */
export async function queryRows<T>(db: Db, query: SQL, options: { prepared?: boolean | 'planned once' } = {}): Promise<T[]> {
  const client = serverClient(db);
  if (!options.prepared || !client) {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
  const runner = (options.prepared === 'planned once' && client instanceof pg.Pool && plannedOncePool(client)) || client;
  const result = await runner.query(preparedConfig(query));
  return result.rows as T[];
}

/** The PostgreSQL pool (or a transaction's connection) behind a drizzle database; undefined for the embedded one. */
function serverClient(db: Db): pg.Pool | pg.PoolClient | undefined {
  const client = (db as unknown as { _: { session: { client: unknown } } })._.session.client;
  return client instanceof pg.Pool || client instanceof pg.Client ? (client as pg.Pool | pg.PoolClient) : undefined;
}

/** Dates and intervals stay strings, as drizzle's own node-postgres queries return them. */
const keepAsText = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    keepAsText.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function preparedConfig(query: SQL): pg.QueryConfig {
  const built = dialect.sqlToQuery(query);
  return { name: statementName(built.sql), text: built.sql, values: built.params, types };
}

/** Statement names by text: the hot statements are few, and hashing a long text on every call shows in profiles. */
const names = new Map<string, string>();

/** The name a prepared statement gets: from its text, so one name never stands for two statements. */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= 1_000) names.clear();
    names.set(text, name);
  }
  return name;
}

/** Runs a drizzle query builder as a named prepared statement (see queryRows), keeping its typed result. */
export function runPrepared<R>(builder: { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<R> } }): Promise<R> {
  return builder.prepare(statementName(builder.toSQL().sql)).execute();
}
