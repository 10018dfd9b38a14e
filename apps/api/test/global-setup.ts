import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded embedded database, saved by dumpDataDir() to this file (without TEST_DATABASE_URL). */
    pgliteTemplateFile: string;
    /** The migrated and seeded database on the TEST_DATABASE_URL server that each test file's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one database before the API's test files run, so that each file gets a copy of it (see
 * helper.ts, createTestDatabase) instead of migrating and seeding its own: the copy takes a fraction of the time.
 * Made fresh at every run, from the migrations and seed of the working tree: nothing is cached between runs.
 */
export default async function setup(project: TestProject) {
  const cleanRedis = await redisOfThisRun();
  const dropTemplate = await makeTemplate(project);
  return async () => {
    await dropTemplate();
    await cleanRedis();
  };
}

/**
 * The rate limits' counts stay in Redis for their window (up to 15 minutes), and the Redis tests count fixed
 * addresses: a run started within that time of the one before found that run's counts and failed. Each run counts
 * in a Redis database (1-15) of its own, emptied before and after; the test files read the URL the workers inherit.
 */
async function redisOfThisRun(): Promise<() => Promise<void>> {
  if (!process.env.TEST_REDIS_URL) return async () => {};
  const url = new URL(process.env.TEST_REDIS_URL);
  url.pathname = `/${randomInt(1, 16)}`;
  process.env.TEST_REDIS_URL = url.toString();
  const flush = async () => {
    const redis = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      await redis.flushdb();
    } finally {
      redis.disconnect();
    }
  };
  await flush();
  return flush;
}

async function makeTemplate(project: TestProject): Promise<() => unknown> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `charms_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    try {
      await migrate(database);
      await seed(database.db);
    } finally {
      await database.close();
    }
    // No connections to it from now on (CREATE DATABASE ... TEMPLATE needs none), and marked as a template.
    await adminQuery(serverUrl, `alter database ${name} with is_template true allow_connections false`);
    project.provide('postgresTemplate', name);
    return async () => {
      await adminQuery(serverUrl, `alter database ${name} with is_template false`);
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    };
  }

  const database = await openDatabase({ dataDir: 'memory://' });
  let dump: Blob;
  try {
    await migrate(database);
    await seed(database.db);
    dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'charms-test-template-'));
  const file = join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
