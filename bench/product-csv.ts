import os from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { csvLine } from '@charms/domain/csv';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { queryRows } from '../apps/api/src/db/query';
import { seed } from '../apps/api/src/db/seed/seed';
import { exportProductCsv } from '../apps/api/src/services/product-csv-export';
import { importProductCsv } from '../apps/api/src/services/product-csv-import';
import { createOrResetStaff } from '../apps/api/src/staff/accounts';

/**
 * `npm run bench:csv`: the products CSV at 10,000 rows, on the embedded database (PGlite, in memory) and on a
 * PostgreSQL server (a fresh database on BENCH_DATABASE_URL), each seeded with the standard catalog. Times a dry run
 * and an import of 10,000 new products, the export of the whole catalog, and a dry run and an import of that export
 * with every price changed (10,000 updates), then writes the table into docs/benchmarks.md between its markers
 * (bench/run.ts keeps that part when it rewrites the file).
 */
const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 10_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CSV_SECTION = /<!-- product-csv -->[\s\S]*<!-- \/product-csv -->\n?/;

async function serverDatabase(name: string): Promise<Database> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString() });
}

async function newProductsFile(database: Database): Promise<string> {
  const categories = await queryRows<{ slug: string }>(database.db, sql`select url_friendly_name as slug from categories order by id`);
  const lines = [csvLine(['name', 'description', 'kind', 'primary_category', 'price_sterling_silver', 'price_14k_gold', 'available_14k_gold', 'price_gold_plate'])];
  for (let index = 0; index < ROWS; index++) {
    const category = categories[index % categories.length]!.slug;
    lines.push(csvLine([`Bench Charm ${index}`, `A charm made for the benchmark, number ${index}, with a "quoted" word, a comma,\nand a second line.`, 'charm', category, `${20 + (index % 50)}.95`, `${200 + (index % 90)}.00`, index % 7 === 0 ? 'false' : 'true', '39.50']));
  }
  return lines.join('');
}

/** Every price of the export up by a dollar: one update per product. */
const repriced = (csv: string) => csv.replace(/,(\d+)\.(\d\d),(true|false)/g, (_match, dollars: string, cents: string, available: string) => `,${Number(dollars) + 1}.${cents},${available}`);

async function time<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

async function measure(label: string, database: Database) {
  await migrate(database);
  await seed(database.db, 'standard');
  const { staff } = await createOrResetStaff(database.db, { email: 'bench-owner@charms.example', password: 'a long bench password', role: 'owner', name: 'Bench Owner' });
  const actor = { id: staff.id, name: 'Bench Owner', ip: null };
  const file = await newProductsFile(database);
  const rows: [string, number, string][] = [];
  const run = async (what: string, body: string, dryRun: boolean) => {
    const { ms, result } = await time(() => importProductCsv(database.db, actor, body, { dryRun, now: new Date() }));
    if (!result.ok) throw new Error(`${what}: ${JSON.stringify(result.errors.slice(0, 3))}`);
    rows.push([what, ms, `${result.summary.new} new, ${result.summary.updated} updated, ${result.summary.unchanged} unchanged`]);
  };
  await run(`dry run, ${ROWS.toLocaleString('en-US')} new products`, file, true);
  await run(`import, ${ROWS.toLocaleString('en-US')} new products`, file, false);
  const exported = await time(() => exportProductCsv(database.db));
  rows.push([`export, the whole catalog`, exported.ms, `${exported.result.split('\r\n').length - 2} products, ${(Buffer.byteLength(exported.result) / 1e6).toFixed(1)} MB`]);
  const changed = repriced(exported.result);
  await run('dry run, every price changed', changed, true);
  await run('import, every price changed', changed, false);
  await run('import of a new export, unchanged', await exportProductCsv(database.db), false);
  await database.close();
  return rows.map(([what, ms, outcome]) => `| ${label} | ${what} | ${(ms / 1000).toFixed(2)} s | ${outcome} |`);
}

const pglite = await measure('PGlite (in memory)', await openDatabase({ dataDir: 'memory://' }));
const server = await measure('PostgreSQL server', await serverDatabase('charms_bench_csv'));
const section = `<!-- product-csv -->
## Products CSV (${ROWS.toLocaleString('en-US')} rows)

Written by \`npm run bench:csv\` (bench/product-csv.ts) on ${new Date().toISOString().slice(0, 10)}; ${os.cpus().length} cores, Node ${process.version}. Each database
is seeded with the standard catalog (2,026 products), then imports a file of ${ROWS.toLocaleString('en-US')} new products (three metals each, a
two-line quoted description), exports the whole catalog, and imports that export with every price changed. Times
are the service's own (parse, check against the catalog, write in one transaction, trail), without HTTP. Load average
at the end of the run: ${os.loadavg()[0]!.toFixed(1)} (other work on the machine slows every row; compare runs on a quiet machine).

| Database | Step | Time | Outcome |
| --- | --- | --- | --- |
${[...pglite, ...server].join('\n')}
<!-- /product-csv -->
`;
const docUrl = new URL('../docs/benchmarks.md', import.meta.url);
const doc = readFileSync(docUrl, 'utf8');
writeFileSync(docUrl, CSV_SECTION.test(doc) ? doc.replace(CSV_SECTION, section) : `${doc.trimEnd()}\n\n${section}`);
console.log(section);
