import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client';

/** Found through the package, not this file's place: the shop's server build bundles this module elsewhere. */
const migrationsFolder = join(dirname(createRequire(import.meta.url).resolve('@charms/api/package.json')), 'drizzle');

/** An arbitrary constant: every instance that migrates takes this advisory lock, so only one migrates at a time. */
const MIGRATION_LOCK = 7_305_918_113;

/** Applies the committed SQL migrations (./drizzle) that the database has not seen yet. */
export async function migrate(database: Database): Promise<void> {
  if (!database.url) {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // Several instances may start at once against one PostgreSQL: they take turns on an advisory lock,
  // held by one dedicated connection that also runs the migrations.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}
