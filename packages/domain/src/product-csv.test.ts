import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from './csv';
import type { ProductFields } from './product-admin';
import { PRODUCT_CSV_COLUMNS, draftOfProduct, productCsvCells, readProductCsvHeader, readProductRow, sameProduct } from './product-csv';

const CATEGORIES: Record<string, number> = { charms: 1, hearts: 2, bracelets: 3 };
const categoryIdOf = (slug: string) => CATEGORIES[slug.toLowerCase()];
const slugOf = (id: number) => Object.keys(CATEGORIES).find((slug) => CATEGORIES[slug] === id)!;

const heart: ProductFields = {
  name: '=Heart, "Locket"',
  slug: 'heart-locket',
  description: 'Opens.\nHolds two photos.',
  brand: 'Rembrandt',
  kind: 'charm',
  categoryIds: [2, 1],
  primaryCategoryId: 2,
  prices: [
    { metalId: 40, metalSlug: 'sterling-silver', priceCents: 4500, available: true },
    { metalId: 10, metalSlug: '14k-gold', priceCents: 123405, available: false },
  ],
  engravingMaxChars: 12,
  engravingFonts: ['script', 'block'],
  sizes: [],
  clasp: null,
  leadTimeMinDays: 3,
  leadTimeMaxDays: 5,
  isPhotoArt: false,
  returnable: true,
  seoTitle: '-50% hearts',
  seoDescription: '',
};

/** The rows of a file, each as the cells by column name, as the importer reads them. */
function rowsOf(text: string) {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.message);
  const [header, ...records] = parsed.records;
  const { columns, errors } = readProductCsvHeader(header!.cells);
  expect(errors).toEqual([]);
  return records.map((record) => ({ cells: new Map([...columns].map(([name, index]) => [name, record.cells[index] ?? ''])), categoryIdOf }));
}

describe('the products CSV', () => {
  it('reads back what it writes, formulas and line breaks included', () => {
    const file = csvLine(PRODUCT_CSV_COLUMNS) + csvLine(productCsvCells(7, heart, false, slugOf));
    expect(file).toContain(`"'=Heart, ""Locket"""`);
    const [row] = rowsOf(file);
    const checked = readProductRow(row!, { draft: draftOfProduct(heart), retired: false });
    expect(checked.ok && sameProduct(checked.product, heart) && !checked.retired).toBe(true);
    // Stored products come back from the database with their fields in another order.
    const { name, ...rest } = heart;
    expect(checked.ok && sameProduct(checked.product, { ...rest, name })).toBe(true);
  });

  it('names the column of every mistake in a row', () => {
    const header = 'name,description,kind,primary_category,categories,price_sterling_silver,price_14k_gold,price_10k_gold,available_gold_plate,price_gold_plate,photo_art,clasp\n';
    const [row] = rowsOf(`${header}"=HYPERLINK(""http://evil.example"")",x,charm,hearts,charms|nope,0,-5,1.005,maybe,12,perhaps,@x\n`);
    const checked = readProductRow(row!, undefined);
    expect(checked.ok).toBe(false);
    const byColumn = Object.fromEntries(checked.ok ? [] : checked.errors.map((error) => [error.column, error.message]));
    expect(byColumn).toMatchObject({
      name: expect.stringContaining('formula'),
      clasp: expect.stringContaining('formula'),
      categories: expect.stringContaining('(nope)'),
      price_sterling_silver: 'must be more than $0.00',
      price_14k_gold: 'must not be negative',
      price_10k_gold: expect.stringContaining('two decimals'),
      available_gold_plate: expect.stringContaining('true or false'),
      photo_art: expect.stringContaining('true or false'),
    });
  });

  it('refuses unknown columns, an unknown metal among them', () => {
    expect(readProductCsvHeader(['name', 'price_platinum', 'colour', 'Name']).errors).toEqual([
      { column: 'price_platinum', message: expect.stringContaining('not a metal we sell') },
      { column: 'colour', message: expect.stringContaining('not a column') },
      { column: 'name', message: 'is in the header twice' },
    ]);
    expect(readProductCsvHeader(['slug']).errors).toEqual([{ column: 'name', message: expect.stringContaining('missing') }]);
    expect(readProductCsvHeader(['id', 'retired']).errors).toEqual([]);
  });

  it('keeps what a column left out says, and an empty price takes a metal off', () => {
    const [row] = rowsOf('name,price_14k_gold,retired\nHeart,,yes\n');
    const checked = readProductRow(row!, { draft: draftOfProduct(heart), retired: false });
    expect(checked).toMatchObject({ ok: true, retired: true, product: { name: 'Heart', description: heart.description, prices: [{ metalSlug: 'sterling-silver', priceCents: 4500 }] } });
  });

  it('makes a new product from a row with the defaults, its primary category among its categories', () => {
    const [row] = rowsOf('name,description,kind,primary_category,price_sterling_silver\nStar,Bright.,Charm,Hearts,$1,250.5\n'.replace('$1,250.5', '"$1,250.5"'));
    expect(readProductRow(row!, undefined)).toMatchObject({
      ok: true,
      retired: false,
      product: { slug: 'star', brand: 'Rembrandt', kind: 'charm', categoryIds: [2], primaryCategoryId: 2, returnable: true, prices: [{ priceCents: 125050, available: true }] },
    });
  });
});
