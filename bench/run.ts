import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seed } from '../apps/api/src/db/seed/seed';
import { type Scenario, scenarios } from './scenarios';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const databaseName = 'charms_bench';

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function freshDatabaseUrl(): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function measure(name: string, url: string, scenario: Pick<Scenario, 'method' | 'body'>): Promise<Figures> {
  const result = await autocannon({
    url,
    method: scenario.method,
    connections,
    duration: seconds,
    headers: scenario.body === undefined ? {} : { 'content-type': 'application/json' },
    body: scenario.body === undefined ? undefined : JSON.stringify(scenario.body),
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  const database = await openDatabase({ url: await freshDatabaseUrl() });
  await migrate(database);
  await seed(database.db);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // The ceiling: a bare Fastify route that answers the bytes of GET /api/categories, with no database.
  const ceilingBody = await (await fetch(`${base}/api/categories`)).text();
  const ceiling = Fastify({ logger: false });
  ceiling.get('/ceiling', async (_request, reply) => reply.type('application/json; charset=utf-8').send(ceilingBody));
  await ceiling.listen({ port: 0, host: '127.0.0.1' });
  const ceilingUrl = `http://127.0.0.1:${(ceiling.server.address() as AddressInfo).port}/ceiling`;

  const rows: Figures[] = [];
  rows.push(await measure('ceiling: bare Fastify, same bytes as /api/categories', ceilingUrl, { method: 'GET' }));
  for (const scenario of scenarios) {
    console.log(`measuring ${scenario.name}...`);
    rows.push(await measure(scenario.name, `${base}${scenario.path}`, scenario));
  }
  await ceiling.close();
  await app.close();

  const ceilingRps = rows[0]!.requestsPerSecond;
  const table = rows.map(
    (row) =>
      `| ${row.name} | ${row.requestsPerSecond.toLocaleString('en-US')} | ${row.p50} | ${row.p99} | ${(row.requestsPerSecond / ceilingRps).toFixed(2)} | ${row.errors + row.non2xx} |`,
  );
  const doc = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}. Do not edit by hand: run it again.

Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
Database: PostgreSQL server (${new URL(adminUrl).host}), fresh database seeded by the app's own seed.
Load: autocannon, ${connections} connections, ${seconds} s per row, from the same machine (it shares the 2 cores with the server).
The ceiling is a bare Fastify route in the same run answering the same bytes as \`GET /api/categories\`, without a database;
"ratio" is a row's requests/s over the ceiling's.

| call | requests/s | p50 ms | p99 ms | ratio to ceiling | errors + non-2xx |
|---|---:|---:|---:|---:|---:|
${table.join('\n')}
`;
  writeFileSync(new URL('../docs/benchmarks.md', import.meta.url), doc);
  console.log(doc);
}

await main();
