import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

/**
 * Every table the storefront's shared pages read (listings, search, product pages, the menu, /categories, content
 * pages, anything from the store settings) announces its changes with NOTIFY catalog_changed, so that each instance
 * drops the pages and answers it keeps (docs/page-cache.md). catalog_listings is not here: only the triggers of
 * products, product_prices and product_categories write it, in the same statement as the change they announce.
 */
const TABLES_PAGES_READ = [
  'products',
  'product_prices',
  'product_categories',
  'product_photos',
  'categories',
  'category_slug_history',
  'cms_pages',
  'store_settings',
  'menu_items',
  'search_vocabulary',
];

describe('catalog change notifications', () => {
  const t = useTestApp();

  it.each(TABLES_PAGES_READ)('a write to %s is announced', async (table) => {
    let heard = 0;
    const stop = await t.database.listen(
      'catalog_changed',
      () => heard++,
      () => {},
    );
    try {
      // Heard once at the start on PostgreSQL (a new listener treats its connection as a change): count from here.
      await expect.poll(async () => {
        const before = heard;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return heard === before;
      }).toBe(true);
      const before = heard;
      // A statement that changes nothing still fires the statement-level trigger.
      await t.database.db.execute(sql.raw(`DELETE FROM ${table} WHERE false`));
      await expect.poll(() => heard, { timeout: 5_000, interval: 20 }).toBeGreaterThan(before);
    } finally {
      await stop();
    }
  });
});
