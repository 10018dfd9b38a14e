import type { ListingOrder } from '@charms/contracts/catalog';
import { type Metal, findMetalById } from '@charms/domain/metals';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/query';
import { type Narrowing, pageQuery } from '../src/services/catalog-listing';
import { MAX_CLOSE_POSTINGS, postedWords } from '../src/services/search-postings';
import { insertBareProduct, useTestApp } from './helper';

/**
 * A one-word search reads search_postings (kept by the triggers of migration 0024) instead of ranking and pricing
 * each matching product, and when it is not narrowed, its counts from search_lexeme_stats (kept by those of migration
 * 0026), and its fuzzy matches from search_name_words (migration 0027). Both ways must give the same page and the
 * same counts, on the seed catalog and after every kind of catalog change, and the kept counts and name words must be
 * those of the catalog as it is.
 */
const t = useTestApp();
const [silver, gold] = [findMetalById(40)!, findMetalById(10)!];

type Row = Record<string, unknown>;

/** How many products the whole catalog lists in the metal, as fetchPage passes it to a search (`offers`). */
async function offersIn(metal: Metal): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from catalog_offers where metal_id = ${metal.id}`);
  return row!.n;
}

/**
 * The page and counts of a one-word search, read from its postings and by ranking every match. In a shopper's order
 * the postings are read three ways, which must agree: with the metal's real `offers` (as the shop reads them), with
 * `offers` 1 (the whole catalog's index walked whenever the word's products for sale fill the pages: offeredPage), and
 * without (the postings sorted).
 */
async function bothWays(term: string, metal: Metal, order: ListingOrder = 'Relevance', narrowing: Narrowing = {}, page = 1, pageSize = 48) {
  const words = term.split(' ');
  const posted = await postedWords(t.database.db, words);
  expect(posted.length, term).toBeGreaterThan(0);
  const read = (filterPosted: typeof posted | null, offers?: number) =>
    queryRows<Row>(t.database.db, pageQuery({ kind: 'search', words, term, posted: filterPosted, offers }, metal, order, page, pageSize, narrowing));
  const found = await read(null);
  const walks = order === 'Relevance' ? [] : [await read(posted), await read(posted, 1)];
  return { postings: await read(posted, await offersIn(metal)), walks, found };
}

/** How many rows the walk of a one-word search found (offeredPage's `walked`), from the plan PostgreSQL ran. */
async function walkedRows(term: string, metal: Metal, order: ListingOrder, narrowing: Narrowing = {}): Promise<number | undefined> {
  const words = term.split(' ');
  const posted = await postedWords(t.database.db, words);
  const query = pageQuery({ kind: 'search', words, term, posted, offers: await offersIn(metal) }, metal, order, 1, 48, narrowing);
  const [row] = await queryRows<Row>(t.database.db, sql`explain (analyze, format json) ${query}`);
  const plan = Object.values(row!)[0];
  type Node = { 'Subplan Name'?: string; 'Actual Rows'?: number; Plans?: Node[] };
  const find = (node: Node): Node | undefined => (node['Subplan Name'] === 'CTE walked' ? node : (node.Plans ?? []).map(find).find(Boolean));
  return find((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan)?.['Actual Rows'];
}

/** A page read every way is the same page; the search's kept counts and name words are checked too. */
async function expectSameBothWays(word: string, metal: Metal = silver, order: ListingOrder = 'Relevance', narrowing: Narrowing = {}, page = 1) {
  const found = await expectSamePage(word, metal, order, page, narrowing);
  await expectStatsExact();
  await expectNameWordsExact();
  return found;
}

async function expectSamePage(word: string, metal: Metal, order: ListingOrder, page: number, narrowing: Narrowing = {}, pageSize = 48) {
  const { postings, walks, found } = await bothWays(word, metal, order, narrowing, page, pageSize);
  const read = `"${word}" in ${metal.slug} by ${order} ${JSON.stringify(narrowing)} page ${page} of ${pageSize}`;
  expect(postings, read).toEqual(found);
  for (const [index, walk] of walks.entries()) expect(walk, `${read}, ${['sorted', 'walked'][index]}`).toEqual(found);
  return found;
}

/** An array parameter as PostgreSQL's text form (drizzle spreads a JavaScript array into a list of parameters). */
const intArray = (values: number[]) => `{${values.join(',')}}`;

/** search_lexeme_stats equals a fresh count of the postings, word by word. */
async function expectStatsExact() {
  const metals = [10, 20, 30, 40, 50];
  const recount = sql.raw(`select lexeme, count(*)::int as products,
    ${[1, 2, 4, 8, 16].map((bit) => `count(*) filter (where (kinds & ${bit}) <> 0)::int as kind_${bit}`).join(', ')},
    ${metals.map((m) => `count(*) filter (where price_${m} is not null and (sold_out & ${1 << (m / 10 - 1)}) = 0)::int as available_${m}`).join(', ')},
    ${metals.map((m) => `min(price_${m}) as min_${m}, max(price_${m}) as max_${m}`).join(', ')}
    from search_postings group by lexeme order by lexeme`);
  const kept = sql.raw(`select * from search_lexeme_stats order by lexeme`);
  const values = (rows: Row[]) => rows.map((row) => Object.values(row));
  const [keptRows, counted] = [values(await queryRows<Row>(t.database.db, kept)), values(await queryRows<Row>(t.database.db, recount))];
  expect(counted[0]).toHaveLength(22);
  expect(keptRows).toEqual(counted);
}

/** search_name_words (migration 0027) holds exactly the words of every current product's name, split afresh, and the name. */
async function expectNameWordsExact() {
  const split = sql`select distinct n.word, p.id as product_id, p.name
    from products p cross join lateral regexp_split_to_table(lower(p.name), '[^[:alnum:]]+') as n(word)
    where p.retired_at is null and n.word <> '' order by 1, 2`;
  const kept = await queryRows<Row>(t.database.db, sql`select word, product_id, name from search_name_words order by 1, 2`);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(await queryRows<Row>(t.database.db, split));
}

describe('searches of several words from their postings', () => {
  it('give the page and counts that ranking every match gives, on the seed catalog', async () => {
    const orders = ['Relevance', 'Name', 'PriceLowHigh', 'PriceHighLow', 'Newest', 'BestSelling'] as const;
    for (const term of ['heart charm', 'dog tag', 'charm bracelet', 'mom heart', 'the heart charm', 'heartt charm', 'charm heartt', "mom's heart", "o'neil charm"]) {
      for (const order of orders) await expectSamePage(term, silver, order, 1);
    }
    for (const order of orders) {
      for (const narrowing of [{ minCents: 2000, maxCents: 6000 }, { kind: 'engravable' as const }]) await expectSamePage('heart charm', gold, order, 1, narrowing, 24);
      for (const page of [2, 5]) await expectSamePage('charm bracelet', silver, order, page, {}, 24);
    }
    // Every word is found: a product of "heart charm" has both, ranked by its rank for each added up.
    const both = await expectSamePage('heart charm', silver, 'Relevance', 1);
    expect(Number(both[0]!.total)).toBeGreaterThan(48);
    expect(both.every((row) => Number(row.rank) >= 1)).toBe(true);
    // A misspelled word is found by a word of the name close to it, ranked below the full-text matches.
    const misspelled = await expectSamePage('heartt charm', silver, 'Relevance', 1);
    expect(misspelled.length).toBeGreaterThan(1);
    expect(misspelled.every((row) => Number(row.rank) < 1 && /heart/i.test(String(row.name)))).toBe(true);
    expect((await expectSamePage('hart charm', silver, 'Relevance', 1)).map((row) => row.name)).toEqual(['3D Harp Charm', 'Harp Charm', 'Enamel Harp Charm']);
  });

  it("read each word's lexemes, however many words were read before", async () => {
    const db = t.database.db;
    const first = await postedWords(db, ['hearts', 'o\'neil', 'the']);
    expect(first).toEqual([{ word: 'hearts', lexemes: ['heart'] }, { word: "o'neil", lexemes: ['neil', 'o'] }]);
    // Words remembered are at most 10,000, oldest out: "hearts" made the oldest, then asked for beside a new word.
    const fill = (prefix: string, count: number) => postedWords(db, Array.from({ length: count }, (_, index) => `${prefix}${index}`));
    await fill('fillera', 10_000);
    await postedWords(db, ['hearts']);
    await fill('fillerb', 9_999);
    expect(await postedWords(db, ['hearts', 'quokkas', 'hearts'])).toEqual([{ word: 'hearts', lexemes: ['heart'] }, { word: 'quokkas', lexemes: ['quokka'] }]);
  });

  it('find no fuzzy matches where the close words are on many products, and list a fuzzy match ranking 1 once', async () => {
    const db = t.database.db;
    expect((await expectSamePage('heartt charm', silver, 'Relevance', 1)).length).toBeGreaterThan(1);
    // "heartt" is close to "heart" (and "hearts"): their postings past the bound.
    const [heart] = await queryRows<{ products: number }>(db, sql`select products from search_lexeme_stats where lexeme = 'heart'`);
    await db.execute(sql`update search_lexeme_stats set products = ${MAX_CLOSE_POSTINGS + 1} where lexeme = 'heart'`);
    try {
      for (const term of ['heartt charm', 'heartt']) {
        for (const order of ['Relevance', 'Name'] as const) expect(await expectSamePage(term, silver, order, 1), `${term} ${order}`).toMatchObject([{ id: null, total: 0 }]);
      }
    } finally {
      await db.execute(sql`update search_lexeme_stats set products = ${heart!.products} where lexeme = 'heart'`);
    }
    // "Earth Charm Heart" lacks "hearth", has a word close to it, and "charm": a fuzzy match whose similarity is 1.
    const id = await insertBareProduct(db, { slug: 'earth-charm-heart', name: 'Earth Charm Heart', unitsSold: 1_000_000 });
    await db.execute(sql`insert into product_prices (product_id, metal_id, price_cents) values (${id}, 40, 1)`);
    for (const order of ['Relevance', 'Name', 'PriceLowHigh', 'BestSelling'] as const) {
      for (const narrowing of [{}, { maxCents: 100_000 }]) {
        const rows = (await expectSamePage('hearth charm', silver, order, 1, narrowing)).filter((row) => row.id !== null);
        expect(rows.filter((row) => row.id === id), order).toHaveLength(1);
        expect(rows.find((row) => row.id === id)!.rank, order).toBe(1);
        expect(new Set(rows.map((row) => row.id)).size, order).toBe(Math.min(48, Number(rows[0]!.total)));
      }
    }
  });

  it('follow every change to the catalog, and find what a word close to a word of the name finds', async () => {
    const db = t.database.db;
    const id = await insertBareProduct(db, { slug: 'zanzibarite-quokka-charm', name: 'Zanzibarite Quokka Charm', unitsSold: 5 });
    await db.execute(sql`insert into product_prices (product_id, metal_id, price_cents) values (${id}, 40, 2495)`);
    const ids = async (term: string) => (await expectSamePage(term, silver, 'Relevance', 1)).filter((row) => row.id !== null).map((row) => row.id);
    expect(await ids('zanzibarite quokka')).toEqual([id]);
    expect(await ids('quokka zanzibarite charm')).toEqual([id]);
    expect(await ids('zanzibarite platypus')).toEqual([]);
    // One word misspelled: a word of the name close to it, beside the other words. Two are left to the spelling
    // correction (the route's).
    expect(await ids('zanzibaryte quokka')).toEqual([id]);
    expect(await ids('zanzibaryte quoka')).toEqual([]);
    // A word in the description is found by its lexeme, but only a word of the name by its closeness.
    await db.execute(sql`update products set description = 'Carved from platypusite.' where id = ${id}`);
    expect(await ids('zanzibarite platypusite')).toEqual([id]);
    expect(await ids('zanzibarite platypuzite')).toEqual([]);
    // Renamed, sold out, retired, back, deleted.
    await db.execute(sql`update products set name = 'Tanzanite Quokka Charm' where id = ${id}`);
    expect(await ids('zanzibarite quokka')).toEqual([]);
    expect(await ids('tanzanite quokka')).toEqual([id]);
    await db.execute(sql`update product_prices set available = false where product_id = ${id} and metal_id = 40`);
    expect((await expectSamePage('tanzanite quokka', silver, 'PriceLowHigh', 1))[0]).toMatchObject({ id, available: false, priceCents: 2495 });
    await db.execute(sql`update products set retired_at = now() where id = ${id}`);
    expect(await ids('tanzanite quokka')).toEqual([]);
    expect(await ids('tanzanyte quokka')).toEqual([]);
    await db.execute(sql`update products set retired_at = null where id = ${id}`);
    expect(await ids('tanzanyte quokka')).toEqual([id]);
    await db.execute(sql`delete from products where id = ${id}`);
    expect(await ids('tanzanite quokka')).toEqual([]);
  });
});

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
    expect(await ids('tanzan')).toEqual([]);
    await db.execute(sql`update products set retired_at = null where id = ${id}`);
    expect(await ids('tanzanite')).toEqual([id]);
    expect(await ids('tanzan')).toEqual([id]);
    await db.execute(sql`delete from products where id = ${id}`);
    expect(await ids('tanzanite')).toEqual([]);
    expect(await ids('tanzan')).toEqual([]);
    const [left] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from search_postings where product_id = ${id}`)) as [{ n: number }];
    expect(left.n).toBe(0);
    // A word no product has any more has no counts kept.
    expect(await queryRows(db, sql`select * from search_lexeme_stats where lexeme = ${(await postedWords(db, ['tanzanite']))[0]!.lexemes[0]!}`)).toEqual([]);
  });

  it("in a shopper's order, find a common word's pages by walking the whole catalog's index, as sorting every match finds them", async () => {
    const db = t.database.db;
    // Some of the word's products sold out in silver, so the products for sale end before the matches do.
    await db.execute(sql`update product_prices set available = false where metal_id = ${silver.id} and product_id % 7 = 0
      and product_id in (select product_id from search_postings where lexeme = 'charm')`);
    const orders = ['Name', 'PriceLowHigh', 'PriceHighLow', 'Newest', 'BestSelling'] as const;
    for (const metal of [silver, gold]) {
      const [stat] = await queryRows<{ products: number; available: number }>(
        db,
        sql`select products, ${sql.identifier(`available_${metal.id}`)} as available from search_lexeme_stats where lexeme = 'charm'`,
      );
      // The shop walks for page 1 of "charm" in every order: its products for sale are dense among the metal's offers.
      expect(48 * (await offersIn(metal)) * 16, metal.slug).toBeLessThanOrEqual(stat!.available * stat!.products);
      const pageSize = 24;
      const lastForSale = Math.floor(stat!.available / pageSize);
      for (const order of orders) {
        for (const page of [1, 7, lastForSale, lastForSale + 1]) {
          const found = await expectSamePage('charm', metal, order, page, {}, pageSize);
          expect(found.filter((row) => row.id !== null).length, `${order} page ${page}`).toBeGreaterThan(0);
        }
      }
    }
    // Narrowed (its counts counted from every posting), the walk keeps what the narrowing keeps.
    for (const order of orders) {
      for (const narrowing of [{ minCents: 2000, maxCents: 6000 }, { kind: 'engravable' as const }, { minCents: 1 }]) {
        for (const page of [1, 3]) await expectSamePage('charm', silver, order, page, narrowing, 24);
      }
    }
    // The shop does walk for page 1 of "charm" (its walk fills the page), narrowed or not; and a fuzzy match for
    // sale ("Charmz", a word close to "charm"), first by name and by price, is merged into the walked rows.
    const fuzzy = await insertBareProduct(db, { slug: 'aardvark-charmz', name: '1 Aardvark Charmz' });
    await db.execute(sql`update products set description = 'An aardvark.' where id = ${fuzzy}`);
    await db.execute(sql`insert into product_prices (product_id, metal_id, price_cents) values (${fuzzy}, 40, 1)`);
    for (const order of orders) {
      expect(await walkedRows('charm', silver, order), order).toBe(48);
      expect(await walkedRows('charm', silver, order, { minCents: 2000, maxCents: 6000 }), order).toBe(48);
    }
    for (const order of ['Name', 'PriceLowHigh'] as const) {
      const [first] = await expectSamePage('charm', silver, order, 1);
      expect(first, order).toMatchObject({ id: fuzzy, available: true });
      expect(Number(first!.rank), order).toBeLessThan(1);
    }
    // A word whose products sort last by name and come first by date: the walk reads a few rows, does not fill the
    // page, and gives way to sorting the postings, with nothing shown twice.
    const made: number[] = [];
    for (let index = 0; index < 60; index++) made.push(await insertBareProduct(db, { slug: `zyzzyvite-${index}`, name: `Zyzzyvite Charm ${index}` }));
    await db.execute(sql`insert into product_prices (product_id, metal_id, price_cents) select id, 40, 9000 + id from unnest(${intArray(made)}::int[]) as x(id)`);
    for (const order of orders) {
      for (const page of [1, 2]) {
        const ids = (await expectSamePage('zyzzyvite', silver, order, page)).filter((row) => row.id !== null).map((row) => row.id);
        expect(new Set(ids).size, `${order} page ${page}`).toBe(page === 1 ? 48 : 12);
      }
    }
  });

  // PostgreSQL only: the embedded database has no prepared statements (queryRows ignores `prepared`), so it is
  // skipped on PGlite and runs in npm run test:db (TEST_DATABASE_URL).
  it.runIf(process.env.TEST_DATABASE_URL)('as typed, run with their generic plan on connections of their own, and nothing else does', async () => {
    const settings = sql`select current_setting('plan_cache_mode') as mode, current_setting('statement_timeout') as timeout`;
    const on = async (db: Db, prepared: boolean | 'planned once') => (await queryRows<{ mode: string; timeout: string }>(db, settings, { prepared }))[0];
    // The catalog reads' pools (decision 0052): planned once or for their values, each statement bounded.
    expect(await on(t.database.catalogDb, 'planned once')).toEqual({ mode: 'force_generic_plan', timeout: '3s' });
    expect(await on(t.database.catalogDb, true)).toEqual({ mode: 'auto', timeout: '3s' });
    expect(await on(t.database.catalogDb, false)).toEqual({ mode: 'auto', timeout: '3s' });
    // The main pool has no planned-once pool beside it, and no timeout.
    expect(await on(t.database.db, 'planned once')).toEqual({ mode: 'auto', timeout: '0' });
    expect(await on(t.database.db, false)).toEqual({ mode: 'auto', timeout: '0' });
    // In a transaction, on the transaction's connection: its statements see what it wrote.
    await t.database.catalogDb.transaction(async (tx) => {
      expect((await on(tx as unknown as Db, 'planned once'))?.mode).toBe('auto');
    });
  });

  it("show what is for sale first, then what is not, across pages, as a word's counts follow its lowest and highest prices", async () => {
    const db = t.database.db;
    const word = 'quokkalite';
    const made: number[] = [];
    for (let index = 0; index < 60; index++) {
      const id = await insertBareProduct(db, { slug: `quokkalite-${index}`, name: `Quokkalite Charm ${index}`, unitsSold: index });
      made.push(id);
    }
    // Priced in silver from $10.00 up; every third one sold out, and the last five not offered in silver.
    await db.execute(sql`insert into product_prices (product_id, metal_id, price_cents, available)
      select id, 40, 1000 + n * 10, n % 3 <> 0 from unnest(${intArray(made.slice(0, 55))}::int[]) with ordinality as x(id, n)`);
    const first = await expectSameBothWays(word, silver, 'Relevance', {}, 1);
    expect(first.map((row) => row.available).slice(0, 37)).toEqual(Array(37).fill(true));
    expect(first.slice(37).map((row) => row.available)).toEqual(Array(11).fill(false));
    expect(first[0]).toMatchObject({ total: 60, minCents: 1010, maxCents: 1550 });
    const second = await expectSameBothWays(word, silver, 'Relevance', {}, 2);
    expect(second.filter((row) => row.id !== null)).toHaveLength(12);
    await expectSameBothWays(word, silver, 'BestSelling', {}, 2);
    // The cheapest and the dearest change price, go, and come back.
    await db.execute(sql`update product_prices set price_cents = 5000 where product_id = ${made[0]!} and metal_id = 40`);
    expect((await expectSameBothWays(word))[0]).toMatchObject({ minCents: 1020, maxCents: 5000 });
    await db.execute(sql`delete from product_prices where product_id = ${made[0]!} and metal_id = 40`);
    expect((await expectSameBothWays(word))[0]).toMatchObject({ minCents: 1020, maxCents: 1550 });
    await db.execute(sql`update products set retired_at = now() where id = any(${intArray(made.slice(1, 30))}::int[])`);
    expect((await expectSameBothWays(word))[0]).toMatchObject({ total: 31, minCents: 1310 });
    await db.execute(sql`update products set retired_at = null where id = any(${intArray(made.slice(1, 30))}::int[])`);
    expect((await expectSameBothWays(word))[0]).toMatchObject({ total: 60, minCents: 1020 });
    await db.execute(sql`delete from products where id = any(${intArray(made)}::int[])`);
    expect((await expectSameBothWays('quokkalite'))[0]).toMatchObject({ total: 0 });
  });
});
