import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { useTestApp } from './helper';

const t = useTestApp();

const listingsOf = async (productId: number) =>
  queryRows<{ metal_id: number; unavailable: boolean; price_cents: number | null }>(
    t.database.db,
    sql`select metal_id, unavailable, price_cents from catalog_listings where product_id = ${productId} order by category_id, metal_id`,
  );

describe('catalog listings follow retirement and availability', () => {
  it('drops a retired product from every listing and brings it back when restored', async () => {
    const [{ id }] = await queryRows<{ id: number }>(t.database.db, sql`select product_id as id from catalog_listings limit 1`) as [{ id: number }];
    const before = await listingsOf(id);
    await t.database.db.execute(sql`update products set retired_at = now() where id = ${id}`);
    expect(await listingsOf(id)).toEqual([]);
    await t.database.db.execute(sql`update products set retired_at = null where id = ${id}`);
    expect(await listingsOf(id)).toEqual(before);
    const [price] = await queryRows<{ metal_id: number }>(t.database.db, sql`select metal_id from product_prices where product_id = ${id} limit 1`);
    await t.database.db.execute(sql`update product_prices set available = false where product_id = ${id} and metal_id = ${price!.metal_id}`);
    expect((await listingsOf(id)).filter((row) => row.metal_id === price!.metal_id).every((row) => row.unavailable && row.price_cents !== null)).toBe(true);
  });
});
it('tmp dups', async () => {
  console.log(await queryRows(t.database.db, sql`select lower(slug) s, count(*) from products group by 1 having count(*) > 1 limit 5`));
  console.log(await queryRows(t.database.db, sql`select count(*) from products`));
  console.log(await queryRows(t.database.db, sql`select id, category_name, url_friendly_name from categories order by position limit 50`));
});
