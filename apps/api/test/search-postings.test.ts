import type { ListingOrder } from '@charms/contracts/catalog';
import { type Metal, findMetalById } from '@charms/domain/metals';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { type Narrowing, pageQuery } from '../src/services/catalog-listing';
import { searchLexeme } from '../src/services/search-postings';
import { insertBareProduct, useTestApp } from './helper';

/**
 * A one-word search reads search_postings (kept by the triggers of migration 0024) instead of ranking and pricing
 * each matching product. Both ways must give the same page and the same counts, on the seed catalog and after
 * every kind of catalog change.
 */
const t = useTestApp();
const [silver, gold] = [findMetalById(40)!, findMetalById(10)!];

type Row = Record<string, unknown>;

/** The page and counts of a one-word search, read both ways. */
async function bothWays(word: string, metal: Metal, order: ListingOrder = 'Relevance', narrowing: Narrowing = {}, page = 1) {
  const lexeme = await searchLexeme(t.database.db, word);
  expect(lexeme, word).not.toBeNull();
  const read = (filterLexeme: string | null) =>
    queryRows<Row>(t.database.db, pageQuery({ kind: 'search', words: [word], term: word, lexeme: filterLexeme }, metal, order, page, 48, narrowing));
  return { postings: await read(lexeme), found: await read(null) };
}

async function expectSameBothWays(word: string, metal: Metal = silver, order: ListingOrder = 'Relevance', narrowing: Narrowing = {}, page = 1) {
  const { postings, found } = await bothWays(word, metal, order, narrowing, page);
  expect(postings, `"${word}" in ${metal.slug} by ${order} ${JSON.stringify(narrowing)} page ${page}`).toEqual(found);
  return found;
}

describe('one-word searches from their postings', () => {
  it('give the page and counts that ranking every match gives, on the seed catalog', async () => {
    for (const word of ['heart', 'hearts', 'dog', 'halloween', 'charm', 'bracelet', 'photoart', 'engravable', 'mom', 'star']) {
      const found = await expectSameBothWays(word);
      expect(Number(found[0]?.total), word).toBeGreaterThan(0);
      await expectSameBothWays(word, gold, 'BestSelling');
    }
    for (const order of ['Name', 'PriceLowHigh', 'PriceHighLow', 'Newest'] as const) await expectSameBothWays('heart', gold, order);
    await expectSameBothWays('heart', silver, 'Relevance', {}, 2);
    await expectSameBothWays('heart', gold, 'Relevance', { kind: 'engravable' });
    await expectSameBothWays('charm', silver, 'BestSelling', { minCents: 2000, maxCents: 4000 });
    // Fuzzy matches (a word of the name close to the typed one) rank below: "heart" finds "Heartbeat" too.
    const heart = await expectSameBothWays('heart', silver, 'Relevance', {}, 3);
    expect(heart.filter((row) => Number(row.rank) < 1).length).toBeGreaterThan(0);
  });

  it('follow every change to the catalog', async () => {
    const db = t.database.db;
    const word = 'zanzibarite';
    const id = await insertBareProduct(db, { slug: 'zanzibarite-charm', name: 'Zanzibarite Charm', unitsSold: 5 });
    const ids = async (w = word) => (await expectSameBothWays(w)).filter((row) => row.id !== null).map((row) => row.id);
    expect(await ids()).toEqual([id]);

    // Priced, then sold out in silver, then no longer offered in it.
    await db.execute(sql`insert into product_prices (product_id, metal_id, price_cents) values (${id}, 40, 2495), (${id}, 10, 19995)`);
    expect((await expectSameBothWays(word))[0]).toMatchObject({ priceCents: 2495, available: true, minCents: 2495 });
    await db.execute(sql`update product_prices set available = false where product_id = ${id} and metal_id = 40`);
    expect((await expectSameBothWays(word))[0]).toMatchObject({ priceCents: 2495, available: false });
    await db.execute(sql`delete from product_prices where product_id = ${id} and metal_id = 40`);
    expect((await expectSameBothWays(word))[0]).toMatchObject({ priceCents: null, available: false });
    expect((await expectSameBothWays(word, gold))[0]).toMatchObject({ priceCents: 19995, available: true });

    // Its kinds and sales, then its words: renamed, and a word in its description.
    await db.execute(sql`update products set engraving_max_chars = 8, units_sold = 900 where id = ${id}`);
    expect((await expectSameBothWays(word, gold, 'BestSelling'))[0]).toMatchObject({ engravable: 1, total: 1 });
    await db.execute(sql`update products set name = 'Tanzanite Star Charm', description = 'Cut like zanzibarite.' where id = ${id}`);
    expect(await ids()).toEqual([id]);
    expect(await ids('tanzanite')).toEqual([id]);
    await db.execute(sql`update products set description = 'A test charm.' where id = ${id}`);
    expect(await ids()).toEqual([]);
    // Fuzzy: a word close to a word of its name.
    expect(await ids('tanzan')).toEqual([id]);

    // Retired, back, then deleted.
    await db.execute(sql`update products set retired_at = now() where id = ${id}`);
    expect(await ids('tanzanite')).toEqual([]);
    await db.execute(sql`update products set retired_at = null where id = ${id}`);
    expect(await ids('tanzanite')).toEqual([id]);
    await db.execute(sql`delete from products where id = ${id}`);
    expect(await ids('tanzanite')).toEqual([]);
    const [left] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from search_postings where product_id = ${id}`)) as [{ n: number }];
    expect(left.n).toBe(0);
  });
});
