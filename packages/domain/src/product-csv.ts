import { unescapeFormula } from './csv';
import { METALS } from './metals';
import { type PriceDraft, type ProductDraft, type ProductFields, checkProductDraft } from './product-admin';

/**
 * The products CSV (docs/admin.md, "Products CSV"): one row per product, Shopify-like, with a price and an
 * availability column per metal. A row with an id updates that product, one without adds a product. Columns may
 * come in any order and only `name` is required: a column left out keeps what the product has (or the default for
 * a new one), a column present sets the value, an empty cell meaning none (or the default named in the docs).
 * Each row is checked by the same rules as the admin's form (checkProductDraft); its errors name the column.
 */
export const metalColumn = (slug: string) => slug.replaceAll('-', '_');
export const priceColumn = (slug: string) => `price_${metalColumn(slug)}`;
export const availableColumn = (slug: string) => `available_${metalColumn(slug)}`;

export const PRODUCT_CSV_COLUMNS: readonly string[] = [
  'id', 'slug', 'name', 'description', 'brand', 'kind', 'primary_category', 'categories',
  ...METALS.flatMap((metal) => [priceColumn(metal.slug), availableColumn(metal.slug)]),
  'engraving_max_chars', 'engraving_fonts', 'sizes', 'clasp', 'lead_time_min_days', 'lead_time_max_days',
  'photo_art', 'returnable', 'seo_title', 'seo_description', 'retired',
];
/** Lists in one cell (categories, fonts, sizes): `charms|hearts`, spaces around the bar allowed. */
export const LIST_SEPARATOR = '|';

export interface CsvCellError {
  column: string;
  message: string;
}

/** The header's columns by name (trimmed, any case), or what is wrong with it. */
export function readProductCsvHeader(cells: readonly string[]): { columns: Map<string, number>; errors: CsvCellError[] } {
  const columns = new Map<string, number>();
  const errors: CsvCellError[] = [];
  const metalColumns = METALS.map((metal) => priceColumn(metal.slug)).join(', ');
  cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    if (columns.has(name)) errors.push({ column: name, message: 'is in the header twice' });
    else if (PRODUCT_CSV_COLUMNS.includes(name)) columns.set(name, index);
    else if (/^(price|available)_/.test(name)) errors.push({ column: name || `column ${index + 1}`, message: `is not a metal we sell: the metal columns are ${metalColumns} (and available_ for each)` });
    else errors.push({ column: name || `column ${index + 1}`, message: `is not a column of the products CSV: use ${PRODUCT_CSV_COLUMNS.join(', ')}` });
  });
  if (!columns.has('id') && !columns.has('name')) errors.push({ column: 'name', message: 'is missing from the header: a file needs an id column (to change products) or a name column (to add them)' });
  return { columns, errors };
}

/** A product as stored, for a row to start from: the draft the admin's form would show, and whether it is retired. */
export interface CsvBase {
  draft: ProductDraft;
  retired: boolean;
}

export const NEW_PRODUCT_DRAFT: ProductDraft = {
  name: '', slug: '', description: '', brand: 'Rembrandt', kind: '', categoryIds: [], primaryCategoryId: null, prices: [],
  engravingMaxChars: null, engravingFonts: [], sizes: [], clasp: '', leadTimeMinDays: null, leadTimeMaxDays: null,
  isPhotoArt: false, returnable: true, seoTitle: '', seoDescription: '',
};

const FIELD_COLUMNS: Record<string, string> = {
  categoryIds: 'categories', primaryCategoryId: 'primary_category', engravingMaxChars: 'engraving_max_chars',
  engravingFonts: 'engraving_fonts', leadTimeMinDays: 'lead_time_min_days', leadTimeMaxDays: 'lead_time_max_days',
  isPhotoArt: 'photo_art', seoTitle: 'seo_title', seoDescription: 'seo_description', prices: 'price_*',
};
/** The column a checkProductDraft field stands for ("prices.14k-gold" -> "price_14k_gold"). */
export const columnOfField = (field: string) => (field.startsWith('prices.') ? priceColumn(field.slice('prices.'.length)) : (FIELD_COLUMNS[field] ?? field));

export const BOOLEAN_RULE = 'must be true or false (yes or no, 1 or 0; empty for the default)';
function readBoolean(cell: string, empty: boolean): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (value === '') return empty;
  if (['true', 'yes', '1'].includes(value)) return true;
  if (['false', 'no', '0'].includes(value)) return false;
  return undefined;
}

/** A whole number, null for an empty cell, NaN for anything else (the rules then say what the column takes). */
const readWhole = (cell: string) => (cell.trim() === '' ? null : /^\d{1,6}$/.test(cell.trim()) ? Number(cell.trim()) : Number.NaN);
const readList = (cell: string) => cell.split(LIST_SEPARATOR).map((item) => item.trim()).filter((item) => item !== '');

export interface CsvRow {
  /** The product's value of each column present in the file, by column name. */
  cells: ReadonlyMap<string, string>;
  /** The category's id for a slug (any case), undefined when there is none. */
  categoryIdOf: (slug: string) => number | undefined;
}

export type CsvRowCheck = { ok: true; product: ProductFields; retired: boolean } | { ok: false; errors: CsvCellError[] };

/** One row over its product as stored (or a new product's defaults): the product to store, or every mistake. */
export function readProductRow(row: CsvRow, base: CsvBase | undefined): CsvRowCheck {
  const errors: CsvCellError[] = [];
  const draft: ProductDraft = { ...(base?.draft ?? NEW_PRODUCT_DRAFT) };
  const has = (column: string) => row.cells.has(column);
  const text = (column: string): string | undefined => {
    const cell = row.cells.get(column);
    if (cell === undefined) return undefined;
    const value = unescapeFormula(cell.trim());
    if (value !== null) return value;
    errors.push({ column, message: `starts with ${JSON.stringify(cell.trim()[0])}, which a spreadsheet runs as a formula (such as =HYPERLINK(...)): refused. Begin the cell with an apostrophe (') to keep it as text` });
    return '';
  };
  const boolean = (column: string, empty: boolean, current: boolean): boolean => {
    if (!has(column)) return current;
    const value = readBoolean(row.cells.get(column)!, empty);
    if (value === undefined) errors.push({ column, message: BOOLEAN_RULE });
    return value ?? current;
  };

  for (const [column, field] of [['name', 'name'], ['slug', 'slug'], ['description', 'description'], ['brand', 'brand'], ['kind', 'kind'], ['clasp', 'clasp'], ['seo_title', 'seoTitle'], ['seo_description', 'seoDescription']] as const) {
    const value = text(column);
    if (value !== undefined) draft[field] = field === 'kind' ? value.toLowerCase() : value;
  }
  readCategories(row, draft, text, errors);
  if (has('engraving_max_chars')) draft.engravingMaxChars = readWhole(row.cells.get('engraving_max_chars')!);
  const fonts = text('engraving_fonts');
  if (fonts !== undefined) draft.engravingFonts = readList(fonts.toLowerCase());
  if (has('sizes')) {
    const sizes = readList(row.cells.get('sizes')!);
    if (sizes.some((size) => !/^\d{1,2}(\.\d{1,2})?$/.test(size))) errors.push({ column: 'sizes', message: `must be lengths in inches separated by ${LIST_SEPARATOR}, such as 7|7.5|8` });
    else draft.sizes = sizes.map(Number);
  }
  if (has('lead_time_min_days')) draft.leadTimeMinDays = readWhole(row.cells.get('lead_time_min_days')!);
  if (has('lead_time_max_days')) draft.leadTimeMaxDays = readWhole(row.cells.get('lead_time_max_days')!);
  draft.isPhotoArt = boolean('photo_art', false, draft.isPhotoArt);
  draft.returnable = boolean('returnable', true, draft.returnable);
  const retired = boolean('retired', false, base?.retired ?? false);
  draft.prices = readPrices(row, draft.prices, boolean);

  const checked = checkProductDraft(draft);
  if (!checked.ok) {
    for (const [field, message] of Object.entries(checked.errors)) {
      const column = columnOfField(field);
      // An unknown category already said leaves the product without one: no second message about it.
      const said = (name: string) => errors.some((error) => error.column === name);
      if (!said(column) && !(column === 'categories' && said('primary_category'))) errors.push({ column, message });
    }
  }
  if (errors.length > 0 || !checked.ok) return { ok: false, errors };
  return { ok: true, product: checked.product, retired };
}

/** The primary category is always one of the product's categories, so `categories` may leave it out. */
function readCategories(row: CsvRow, draft: ProductDraft, text: (column: string) => string | undefined, errors: CsvCellError[]) {
  const lookUp = (column: string, slugs: string[]) => {
    const unknown = slugs.filter((slug) => row.categoryIdOf(slug) === undefined);
    if (unknown.length > 0) errors.push({ column, message: `names categories we do not have (${unknown.join(', ')}): use the categories' slugs, as in their addresses` });
    return slugs.map((slug) => row.categoryIdOf(slug)).filter((id) => id !== undefined);
  };
  const primary = text('primary_category');
  if (primary !== undefined) draft.primaryCategoryId = primary === '' ? null : (lookUp('primary_category', [primary])[0] ?? null);
  const listed = text('categories');
  if (listed !== undefined) draft.categoryIds = lookUp('categories', readList(listed));
  if (draft.primaryCategoryId !== null && !draft.categoryIds.includes(draft.primaryCategoryId)) draft.categoryIds = [draft.primaryCategoryId, ...draft.categoryIds];
}

/** Each metal's price column sets its price (empty: not offered); its availability column, whether it can be bought. */
function readPrices(row: CsvRow, current: readonly PriceDraft[], boolean: (column: string, empty: boolean, current: boolean) => boolean): PriceDraft[] {
  const prices: PriceDraft[] = [];
  for (const metal of METALS) {
    const was = current.find((price) => price.metal === metal.slug);
    const cell = row.cells.get(priceColumn(metal.slug));
    const price = cell === undefined ? was?.price : cell.trim() === '' ? undefined : cell.trim();
    const available = boolean(availableColumn(metal.slug), true, was?.available ?? true);
    if (price !== undefined) prices.push({ metal: metal.slug, price, available });
  }
  return prices;
}

/** Cents as the file writes a price: plain dollars with two decimals, no sign or separators ("1250.00"). */
export const centsToCsvPrice = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A stored product as the draft a row starts from (prices back to the text a row would have). */
export function draftOfProduct(product: ProductFields): ProductDraft {
  return {
    ...product,
    clasp: product.clasp ?? '',
    prices: product.prices.map((price) => ({ metal: price.metalSlug, price: centsToCsvPrice(price.priceCents), available: price.available })),
  };
}

/** Whether a row changes nothing of a stored product (the order of categories and lengths does not count). */
export function sameProduct(a: ProductFields, b: ProductFields): boolean {
  const canonical = (product: ProductFields) => {
    const normal: Record<string, unknown> = {
      ...product,
      categoryIds: [...product.categoryIds].sort((x, y) => x - y),
      sizes: [...product.sizes].sort((x, y) => x - y),
      prices: [...product.prices].sort((x, y) => x.metalId - y.metalId).map((price) => [price.metalId, price.priceCents, price.available]),
    };
    return JSON.stringify(Object.keys(normal).sort().map((key) => [key, normal[key]]));
  };
  return canonical(a) === canonical(b);
}

/** One product as a row of PRODUCT_CSV_COLUMNS; text cells are made safe for spreadsheets by csvLine. */
export function productCsvCells(id: number, product: ProductFields, retired: boolean, categorySlugOf: (id: number) => string): string[] {
  const yes = (value: boolean) => (value ? 'true' : 'false');
  const primary = categorySlugOf(product.primaryCategoryId);
  const values: Record<string, string> = {
    id: String(id),
    slug: product.slug,
    name: product.name,
    description: product.description,
    brand: product.brand,
    kind: product.kind,
    primary_category: primary,
    categories: [primary, ...product.categoryIds.filter((category) => category !== product.primaryCategoryId).map(categorySlugOf)].join(LIST_SEPARATOR),
    engraving_max_chars: product.engravingMaxChars === null ? '' : String(product.engravingMaxChars),
    engraving_fonts: product.engravingFonts.join(LIST_SEPARATOR),
    sizes: product.sizes.join(LIST_SEPARATOR),
    clasp: product.clasp ?? '',
    lead_time_min_days: product.leadTimeMinDays === null ? '' : String(product.leadTimeMinDays),
    lead_time_max_days: product.leadTimeMaxDays === null ? '' : String(product.leadTimeMaxDays),
    photo_art: yes(product.isPhotoArt),
    returnable: yes(product.returnable),
    seo_title: product.seoTitle,
    seo_description: product.seoDescription,
    retired: yes(retired),
  };
  for (const metal of METALS) {
    const price = product.prices.find((offered) => offered.metalSlug === metal.slug);
    values[priceColumn(metal.slug)] = price ? centsToCsvPrice(price.priceCents) : '';
    values[availableColumn(metal.slug)] = price ? yes(price.available) : '';
  }
  return PRODUCT_CSV_COLUMNS.map((column) => values[column] ?? '');
}
