import type { ProductSummary } from '@charms/contracts/catalog';
import { type BagProduct, SUGGESTION_COUNT, pickSuggestions, suggestionSources } from '@charms/domain/bag-suggestions';
import type { Metal } from '@charms/domain/metals';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import type { ResponseCache } from '../plugins/response-cache';
import type { PricedBagLine } from './bag-read';
import { type SummaryRow, toSummary } from './catalog-presenters';
import { withListingPhotos } from './photo-presenters';

/**
 * Loads the best-seller lists the bag's suggestions come from. They are catalog data, the same for every shopper,
 * so they live in the catalog cache (dropped on any catalog change) and a bag read costs no query for them.
 */

/** Best sellers kept per category: enough for four suggestions after the bag's own products are left out. */
const PER_CATEGORY = 12;

type Candidate = SummaryRow & { unitsSold: number };

const columns = sql`p.id, p.name, p.slug, p.kind, p.brand, p.shape, p.sizes, p.is_photo_art as "isPhotoArt",
  p.engraving_max_chars as "engravingMaxChars", c.url_friendly_name as "primaryCategorySlug", pp.price_cents as "priceCents",
  p.units_sold as "unitsSold"`;

/** Products a shopper can add now in the metal: on sale (not retired) and not sold out in it. */
const offeredIn = (metal: Metal) => sql`join categories c on c.id = p.primary_category_id
  join product_prices pp on pp.product_id = p.id and pp.metal_id = ${metal.id} and pp.available and p.retired_at is null`;

function load(db: Db, query: SQL): Promise<Candidate[]> {
  return queryRows<Candidate>(db, query, { prepared: true }).then((rows) => rows.map((row) => ({ ...row, sizes: row.sizes ?? [] })));
}

/** The best-selling plain bracelet (not a themed collection piece) in a metal. */
const bestBracelet = (db: Db, metal: Metal) =>
  load(db, sql`select ${columns} from products p ${offeredIn(metal)}
               where p.kind = 'bracelet' and p.collections = '{}' order by p.units_sold desc, p.id limit 1`);

/** The best-selling charms listed in a category (from the listing read model's by-sales index). */
const bestCharmsIn = (db: Db, metal: Metal, categoryId: number) =>
  load(db, sql`select ${columns} from catalog_listings l join products p on p.id = l.product_id ${offeredIn(metal)}
               where l.category_id = ${categoryId} and l.metal_id = ${metal.id} and not l.unavailable and p.kind = 'charm'
               order by l.units_sold desc, l.product_id limit ${PER_CATEGORY}`);

/** The best-selling charms of the whole catalog. */
const bestCharms = (db: Db, metal: Metal) =>
  load(db, sql`select ${columns} from products p ${offeredIn(metal)}
               where p.kind = 'charm' order by p.units_sold desc, p.id limit ${SUGGESTION_COUNT}`);

/** The bag's suggested items, in the session's metal. */
export async function suggestItems(db: Db, cache: ResponseCache, metal: Metal, lines: PricedBagLine[]): Promise<ProductSummary[]> {
  const bag: BagProduct[] = lines
    .filter((line) => line.kind === 'product' && line.productId !== null)
    .map((line) => ({ productId: line.productId!, categoryId: line.categoryId, isBracelet: line.isBracelet === true }));
  const sources = suggestionSources(bag);
  const key = `bag-suggestions:${metal.id}`;
  const [bracelet, ...charmLists] = await Promise.all([
    sources.bracelet ? cache.value(`${key}:bracelet`, () => bestBracelet(db, metal)) : Promise.resolve([]),
    ...(sources.categories === 'all'
      ? [cache.value(`${key}:all`, () => bestCharms(db, metal))]
      : sources.categories.map((categoryId) => cache.value(`${key}:category:${categoryId}`, () => bestCharmsIn(db, metal, categoryId)))),
  ]);
  return withListingPhotos(db, pickSuggestions(bag, { bracelet: bracelet[0], charms: charmLists.flat() }).map((row) => toSummary(row, metal)));
}
