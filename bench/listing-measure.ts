/**
 * Times GET /products listings (filters, counts, the whole catalog) straight through the service on a PostgreSQL
 * database, standard or large catalog: `node --import tsx bench/listing-measure.ts [standard|large]`.
 * Prints the median of 7 runs of each after 2 warm-ups (no response cache is involved).
 */
import { sql } from 'drizzle-orm';
import { productListQuerySchema } from '@charms/contracts/catalog';
import { openDatabase } from '../apps/api/src/db/client';
import { databaseUrl, ensureDatabase } from './databases';
import { migrate } from '../apps/api/src/db/migrate';
import { queryRows } from '../apps/api/src/db/query';
import { seed } from '../apps/api/src/db/seed/seed';
import { listProducts } from '../apps/api/src/services/catalog-listing';

const size = (process.argv[2] ?? 'standard') as 'standard' | 'large';
const name = `charms_listing_${size}`;
const created = await ensureDatabase(name);
const database = await openDatabase({ url: databaseUrl(name) });
if (created) {
  await migrate(database);
  await seed(database.db, size);
  await database.db.execute(sql`vacuum analyze`);
}
const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`)) as [{ n: number }];
console.log(`${n} products`);

const vocabulary = async () => new Map<string, number>();
const cases: Record<string, string>[] = [
  { path: '/products/category/Heart-Charms' },
  { path: '/products/category/Heart-Charms', kind: 'engravable' },
  { path: '/products/category/Heart-Charms', kind: 'charm', minPrice: '30', maxPrice: '60', orderBy: 'PriceLowHigh' },
  { path: '/products/search/heart' },
  { path: '/products/search/heart', kind: 'photoart', maxPrice: '80' },
  { path: '/products' },
  { path: '/products', kind: 'bracelet', orderBy: 'PriceHighLow' },
  { path: '/products/14k-gold', minPrice: '100', maxPrice: '500', page: '3' },
];
for (const raw of cases) {
  const query = productListQuerySchema.parse({ metalId: '40', ...raw });
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < 9; run++) {
    const started = performance.now();
    const answer = await listProducts({ db: database.catalogDb, storeName: 'Bench', vocabulary }, query);
    if (run >= 2) times.push(performance.now() - started);
    total = answer.pagination.totalCount;
  }
  times.sort((a, b) => a - b);
  console.log(`${new URLSearchParams(raw).toString().padEnd(95)} ${String(total).padStart(6)} products  median ${times[3]!.toFixed(1)} ms`);
}
await database.close();
