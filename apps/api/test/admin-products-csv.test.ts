import { randomBytes } from 'node:crypto';
import { type ProductImportReport, productImportReportSchema } from '@charms/contracts/admin-products-csv';
import { productListResponseSchema } from '@charms/contracts/catalog';
import { csvLine, parseCsv, unescapeFormula } from '@charms/domain/csv';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { staffApi, useTestApp } from './helper';

const t = useTestApp();
type Staff = Awaited<ReturnType<typeof staffApi>>;
let owner: Staff;
let clerk: Staff;

beforeAll(async () => {
  owner = await staffApi(t, { name: 'Olive Owner' });
  clerk = await staffApi(t, { role: 'staff', name: 'Carl Clerk' });
});

const HEADER = 'id,slug,name,description,kind,primary_category,categories,price_sterling_silver,available_sterling_silver,price_14k_gold';
const unique = () => randomBytes(3).toString('hex');

/** Posts a file to the import as a browser's fetch would (text/csv body, session cookie, CSRF header). */
const send = (staff: Staff, csv: string | Buffer, dryRun: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin-products/import?dryRun=${dryRun}`,
    cookies: { staff_session: staff.session, 'XSRF-TOKEN': staff.csrf },
    headers: { 'x-xsrf-token': staff.csrf, 'content-type': 'text/csv' },
    payload: csv,
  });

async function dryRun(csv: string | Buffer): Promise<ProductImportReport> {
  const response = await send(owner, csv, true);
  expect(response.statusCode, response.body).toBe(200);
  return productImportReportSchema.parse(response.json());
}

async function exportCsv(staff: Staff = clerk): Promise<string> {
  const response = await staff.call('GET', '/admin-products/export.csv');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  return response.body;
}

/** Everything an import could change: products, their prices and categories, and the trail. */
const snapshot = async () => ({
  products: await queryRows(t.database.db, sql`select id, slug, name, retired_at from products order by id`),
  prices: await queryRows(t.database.db, sql`select * from product_prices order by product_id, metal_id`),
  links: await queryRows(t.database.db, sql`select * from product_categories order by product_id, category_id`),
  audit: await queryRows(t.database.db, sql`select id from admin_audit order by id`),
});

const someProduct = async () => (await queryRows<{ id: number; slug: string; name: string }>(t.database.db, sql`select id, slug, name from products order by id limit 1`))[0]!;

describe('products CSV: export', () => {
  it('gives every staff member every product, retired ones included, in a file that imports back unchanged', async () => {
    const retired = (await queryRows<{ id: number }>(t.database.db, sql`update products set retired_at = now() where id = (select max(id) from products) returning id`))[0]!;
    const csv = await exportCsv();
    expect(csv.startsWith('\uFEFFid,slug,name,description,brand,kind,primary_category,categories,price_sterling_silver,available_sterling_silver')).toBe(true);
    const parsed = parseCsv(csv);
    const [{ count }] = (await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from products`)) as [{ count: number }];
    expect(parsed.ok && parsed.records.length).toBe(count + 1);
    expect(csv).toMatch(new RegExp(`\\r\\n${retired.id},[^\\r]*,true\\r\\n`));

    const before = await snapshot();
    expect(await dryRun(csv)).toEqual({ dryRun: true, ok: true, rows: count, summary: { new: 0, updated: 0, unchanged: count, retired: 0 }, errors: [], errorCount: 0 });
    const imported = await send(owner, csv, false);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps cells that a spreadsheet would run as formulas as text, and reads them back as they were', async () => {
    const product = await someProduct();
    await t.database.db.execute(sql`update products set name = '=HYPERLINK("http://evil.example","Heart")', seo_title = '-50% today' where id = ${product.id}`);
    const csv = await exportCsv();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Heart"")"`);
    expect(csv).toContain(`'-50% today`);
    expect((await dryRun(csv)).summary).toMatchObject({ updated: 0, new: 0 });
  });
});

describe('products CSV: a dry run reports every error by line and column', () => {
  it('names the line and column of bad prices, an unknown category, duplicate slugs and formula cells', async () => {
    const taken = await someProduct();
    const slug = `star-${unique()}`;
    const csv = [
      HEADER,
      `,${slug},Star,Bright.,charm,Dog-Charms,,10,,12.50`,
      `,,Moon,Pale.,charm,Dog-Charms,,0,,-5`,
      `,,Sun,Warm.,charm,Dog-Charms,,1.005,,`,
      `,,Comet,Fast.,charm,no-such-category,,10,maybe,`,
      `,${slug},Star again,Bright.,charm,Dog-Charms,,10,,`,
      `,${taken.slug},Copy,Same.,charm,Dog-Charms,,10,,`,
      `,,"=HYPERLINK(""http://evil.example"",""x"")",Evil.,charm,Dog-Charms,,10,,`,
      `,,Fine,Good.,charm,Dog-Charms,,10,,`,
    ].join('\r\n');
    const report = await dryRun(csv);
    expect(report).toMatchObject({ ok: false, rows: 8, errorCount: 8 });
    // By line, then in the header's order.
    expect(report.errors).toEqual([
      { line: 3, column: 'price_sterling_silver', message: 'must be more than $0.00' },
      { line: 3, column: 'price_14k_gold', message: 'must not be negative' },
      { line: 4, column: 'price_sterling_silver', message: expect.stringContaining('two decimals') },
      { line: 5, column: 'primary_category', message: expect.stringContaining('no-such-category') },
      { line: 5, column: 'available_sterling_silver', message: expect.stringContaining('true or false') },
      { line: 6, column: 'slug', message: 'is also the slug on line 2: each product needs its own' },
      { line: 7, column: 'slug', message: `is already the slug of product ${taken.id} (${taken.name}): choose another` },
      { line: 8, column: 'name', message: expect.stringContaining('formula') },
    ]);
  });

  it('refuses a column of a metal we do not sell, and an unknown column', async () => {
    const report = await dryRun('name,price_platinum,colour\nStar,10,red\n');
    expect(report.errors).toEqual([
      { line: 1, column: 'price_platinum', message: expect.stringContaining('not a metal we sell') },
      { line: 1, column: 'colour', message: expect.stringContaining('not a column') },
    ]);
  });

  it('says where the quoting breaks', async () => {
    expect((await dryRun(`${HEADER}\n,,Star,"Bright.,charm\n,,Moon,Pale.,charm\n`)).errors).toEqual([
      { line: 2, column: 'description', message: expect.stringContaining('never closed') },
    ]);
    expect((await dryRun(`${HEADER}\n,,Star,Say "hi",charm,Dog-Charms,,10,,\n`)).errors).toEqual([
      { line: 2, column: 'description', message: expect.stringContaining('quote inside a cell') },
    ]);
  });

  it('refuses a file that is not UTF-8, and counts errors beyond the ones it lists', async () => {
    expect((await dryRun(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe]))).errors[0]?.message).toContain('not UTF-8');
    const many = await dryRun(`name,price_sterling_silver\n${Array.from({ length: 600 }, () => 'X,0').join('\n')}\n`);
    expect(many.errors).toHaveLength(500);
    expect(many.errorCount).toBeGreaterThan(600);
  });
});

describe('products CSV: import', () => {
  it('applies all of a file or nothing of it', async () => {
    const product = await someProduct();
    const before = await snapshot();
    const csv = [HEADER, `${product.id},,Renamed,Still good.,charm,Dog-Charms,,99,,`, `,,Good,New.,charm,Dog-Charms,,10,,`, `,,Bad,New.,charm,Dog-Charms,,0,,`].join('\n');
    const response = await send(owner, csv, false);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'CSV_INVALID', message: expect.stringContaining('nothing was imported'), details: { errors: [{ line: 4, column: 'price_sterling_silver' }] } } });
    expect(await snapshot()).toEqual(before);
  });

  it('adds, updates and retires products, records each in the trail, and the storefront shows it at once', async () => {
    const product = await someProduct();
    const word = `zephyr${unique()}`;
    const csv = `name,description,kind,primary_category,price_sterling_silver\r\n${word} Charm,A new charm.,charm,Dog-Charms,"1,234.50"\r\n`;
    const added = await send(owner, csv, false);
    expect(added.statusCode, added.body).toBe(200);
    expect(productImportReportSchema.parse(added.json())).toMatchObject({ dryRun: false, ok: true, summary: { new: 1, updated: 0, retired: 0 } });
    // A file of only the columns it changes: the others keep what the product has.
    const retire = await send(owner, `id,retired\n${product.id},true\n`, false);
    expect(productImportReportSchema.parse(retire.json()).summary).toEqual({ new: 0, updated: 0, unchanged: 0, retired: 1 });

    await expect
      .poll(async () => {
        const found = productListResponseSchema.parse((await t.app.inject(`/api/products?path=${encodeURIComponent(`/products/search?q=${word}`)}`)).json());
        return found.products.map((listed) => listed.name);
      })
      .toEqual([`${word} Charm`]);
    const trail = await queryRows<{ entity_id: string; action: string; actor: string }>(t.database.db, sql`select entity_id, action, actor from admin_audit where action = 'imported' order by at`);
    expect(trail.map((entry) => entry.actor)).toEqual(['Olive Owner', 'Olive Owner']);
    expect(trail[1]!.entity_id).toBe(String(product.id));
  });

  it('leaves the storefront listings as a rebuild from the catalog would make them', async () => {
    // The import writes each table in one statement and the listing triggers follow; whatever a file mixes (new,
    // retired and restored products, prices dropped, sold out or changed, categories moved), the listings of its
    // products must be what the listing definition gives from scratch (migrations 0006, 0015 and 0018).
    const [a, b, c, d] = await queryRows<{ id: number }>(t.database.db, sql`select id from products where retired_at is null order by id desc limit 4`);
    const slugs = await queryRows<{ slug: string }>(t.database.db, sql`select url_friendly_name as slug from categories order by id limit 3`);
    const [one, two, three] = slugs.map((row) => row.slug);
    await t.database.db.execute(sql`update products set retired_at = now() where id = ${d!.id}`);
    // The whole catalog, as staff would edit an export: four products changed, two added.
    const parsed = parseCsv(await exportCsv());
    if (!parsed.ok) throw new Error(parsed.message);
    // Cells as staff see them in a spreadsheet (csvLine escapes formulas again when the file is written back).
    const [header, ...records] = parsed.records.map((record) => record.cells.map((cell) => unescapeFormula(cell) ?? cell));
    const column = (name: string) => header!.indexOf(name);
    const edit = (id: number, cells: Record<string, string>) => {
      const row = records.find((cells) => cells[0] === String(id))!;
      for (const [name, value] of Object.entries(cells)) row[column(name)] = value;
    };
    const word = unique();
    edit(a!.id, { name: `Renamed ${word}`, primary_category: two!, categories: `${two}|${three}`, price_sterling_silver: '13.00', available_sterling_silver: 'false', price_14k_gold: '' });
    edit(b!.id, { price_sterling_silver: '99.00', price_gold_plate: '41.00' });
    edit(c!.id, { retired: 'true' });
    edit(d!.id, { retired: 'false', primary_category: three!, categories: `${three}|${one}|${two}` });
    const blank = () => header!.map(() => '');
    const added = (name: string, cells: Record<string, string>) => {
      const row = blank();
      for (const [key, value] of Object.entries({ name, description: 'New.', brand: records[0]![column('brand')]!, kind: 'charm', ...cells })) row[column(key)] = value;
      return row;
    };
    records.push(added(`Listing ${word} A`, { primary_category: one!, categories: `${one}|${two}`, price_sterling_silver: '12.00', price_14k_gold: '150.00' }));
    records.push(added(`Listing ${word} B`, { primary_category: one!, price_sterling_silver: '12.00', retired: 'true' }));
    const csv = [header!, ...records].map((cells) => csvLine(cells)).join('');
    const response = await send(owner, csv, false);
    expect(response.statusCode, response.body).toBe(200);
    expect(productImportReportSchema.parse(response.json()).summary).toMatchObject({ new: 2, updated: 3, retired: 1 });

    const touched = await queryRows<{ id: number }>(t.database.db, sql`select id from products where id in (${a!.id}, ${b!.id}, ${c!.id}, ${d!.id}) or name like ${`Listing ${word}%`}`);
    const ids = JSON.stringify(touched.map((row) => row.id));
    expect(touched).toHaveLength(6);
    const listed = sql`select category_id, metal_id, product_id, unavailable, name, price_cents, units_sold, created_at, kinds from catalog_listings
      where product_id in (select jsonb_array_elements_text(${ids}::jsonb)::int)`;
    const rebuilt = sql`select pc.category_id, m.id, p.id, pp.price_cents is null or not pp.available, p.name, pp.price_cents, p.units_sold, p.created_at,
        product_listing_kinds(p.kind, p.engraving_max_chars, p.is_photo_art, p.lead_time_max_days)
      from product_categories pc join products p on p.id = pc.product_id and p.retired_at is null cross join metals m
      left join product_prices pp on pp.product_id = p.id and pp.metal_id = m.id
      where p.id in (select jsonb_array_elements_text(${ids}::jsonb)::int)`;
    const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from (${query}) q`))[0]!.count;
    expect(await count(sql`(${listed}) except all (${rebuilt})`)).toBe(0);
    expect(await count(sql`(${rebuilt}) except all (${listed})`)).toBe(0);
    // The file did reach the listings: new prices and sold-out metals, the restored product again, not the retired ones.
    const listing = (id: number, metal: number) =>
      queryRows(t.database.db, sql`select price_cents, unavailable from catalog_listings where product_id = ${id} and metal_id = ${metal} order by category_id`);
    const silver = await listing(b!.id, 40);
    expect(silver.length).toBeGreaterThan(0);
    expect(silver).toEqual(silver.map(() => ({ price_cents: 9900, unavailable: false })));
    expect(await listing(b!.id, 50)).toContainEqual({ price_cents: 4100, unavailable: false });
    expect(await listing(a!.id, 40)).toEqual([{ price_cents: 1300, unavailable: true }, { price_cents: 1300, unavailable: true }]);
    expect(await listing(a!.id, 10)).toEqual([{ price_cents: null, unavailable: true }, { price_cents: null, unavailable: true }]);
    expect(await count(listed)).toBeGreaterThan(0);
    expect(await count(sql`select 1 from catalog_listings where product_id = ${d!.id}`)).toBeGreaterThan(0);
    expect(await count(sql`select 1 from catalog_listings where product_id = ${c!.id}`)).toBe(0);
  });

  it('two files at once: the second waits for the first, and the catalog ends as one file, never a mix', async () => {
    const products = await queryRows<{ id: number }>(t.database.db, sql`select id from products where retired_at is null order by id limit 3`);
    const fileOf = (tag: string, price: string) => [HEADER, ...products.map((product) => `${product.id},,${tag} ${product.id},Made by ${tag}.,charm,Dog-Charms,,${price},,`)].join('\n');
    const [first, second] = await Promise.all([send(owner, fileOf('Alpha', '11'), false), send(owner, fileOf('Beta', '22'), false)]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
    const rows = await queryRows<{ name: string; cents: number }>(
      t.database.db,
      sql`select p.name, pp.price_cents as cents from products p join product_prices pp on pp.product_id = p.id and pp.metal_id = 40 where p.id in (${sql.join(products.map((product) => sql`${product.id}`), sql`, `)}) order by p.id`,
    );
    const tags = new Set(rows.map((row) => `${row.name.split(' ')[0]} ${row.cents}`));
    expect([...tags].length, JSON.stringify(rows)).toBe(1);
    expect(['Alpha 1100', 'Beta 2200']).toContain([...tags][0]);

    // The same new slug in two files at once: one adds it, the other is told the slug is taken, and adds nothing.
    const word = `twin${unique()}`;
    const twin = (description: string) => `slug,name,description,kind,primary_category,price_sterling_silver\n${word},${word} Charm,${description},charm,Dog-Charms,10\n`;
    const answers = await Promise.all([send(owner, twin('One.'), false), send(owner, twin('Two.'), false)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await queryRows(t.database.db, sql`select id from products where slug = ${word}`)).toHaveLength(1);
  });

  it('is for owners only', async () => {
    const response = await send(clerk, 'name\nStar\n', true);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'OWNER_ONLY' } });
  });
});
