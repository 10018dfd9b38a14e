import type { SitemapEntry, SitemapResponse } from '@charms/contracts/sitemap';
import { METALS, findMetalById } from '@charms/domain/metals';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { pathOf } from './catalog-presenters';

/** Metals in the store's own order (sterling silver first), so the sitemap lists a product's pages predictably. */
const metalRank = (id: number) => METALS.findIndex((metal) => metal.id === id);

/**
 * Every canonical catalog page: each category listing without a metal (the shopper's metal), then in each metal
 * it has at least one product in; each product page in each metal it is offered in (bracelets at their default
 * length). Retired products are left out. Two queries, whatever the catalog's size.
 */
export async function listSitemapEntries(db: Db): Promise<SitemapResponse> {
  const [categories, products] = await Promise.all([
    queryRows<{ slug: string; metalIds: number[] }>(db, sql`
      select c.url_friendly_name as slug, array_agg(distinct pp.metal_id) as "metalIds"
      from categories c
      join product_categories pc on pc.category_id = c.id
      join products p on p.id = pc.product_id and p.retired_at is null
      join product_prices pp on pp.product_id = pc.product_id
      group by c.id, c.url_friendly_name
      order by c.url_friendly_name`),
    queryRows<{ id: number; slug: string; kind: 'charm' | 'bracelet'; brand: string; sizes: number[] | null; primaryCategorySlug: string; metalIds: number[] }>(db, sql`
      select p.id, p.slug, p.kind, p.brand, p.sizes, c.url_friendly_name as "primaryCategorySlug", array_agg(pp.metal_id) as "metalIds"
      from products p
      join categories c on c.id = p.primary_category_id
      join product_prices pp on pp.product_id = p.id
      where p.retired_at is null
      group by p.id, c.url_friendly_name
      order by p.id`),
  ]);

  const entries: SitemapEntry[] = [];
  for (const category of categories) {
    entries.push({ path: `/products/category/${category.slug}`, kind: 'category' });
    for (const metal of offeredMetals(category.metalIds)) {
      entries.push({ path: `/products/category/${metal.slug}/${category.slug}`, kind: 'category' });
    }
  }
  for (const product of products) {
    const row = { ...product, sizes: (product.sizes ?? []).map(Number) };
    for (const metal of offeredMetals(product.metalIds)) entries.push({ path: pathOf(row, metal), kind: 'product' });
  }
  return { entries };
}

function offeredMetals(ids: readonly number[]) {
  return [...new Set(ids.map(Number))]
    .sort((a, b) => metalRank(a) - metalRank(b))
    .map((id) => findMetalById(id))
    .filter((metal) => metal !== undefined);
}
