import pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/client';

/**
 * The PostgreSQL server the benches make their databases on: BENCH_DATABASE_URL, an address of its maintenance
 * database (default postgres://postgres@127.0.0.1:5432/postgres).
 */
export const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of the database `name` on that server. */
export function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection to the server's maintenance database, and closes it. */
async function onServer<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export function hasDatabase(name: string): Promise<boolean> {
  return onServer(async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);
}

/** Makes the database `name` unless it is there; whether it made it (then it is empty: migrate and seed it). */
export function ensureDatabase(name: string): Promise<boolean> {
  return onServer(async (admin) => {
    if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1) return false;
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    return true;
  });
}

/** The database `name`, made anew (an old one of that name dropped first), open. */
export async function freshDatabase(name: string): Promise<Database> {
  await onServer(async (admin) => {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  });
  return openDatabase({ url: databaseUrl(name) });
}
