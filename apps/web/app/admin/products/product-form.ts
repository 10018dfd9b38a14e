import type { AdminProductDetail, SaveProductInput } from '@charms/contracts/admin-products';
import { METALS } from '@charms/domain/metals';
import { formatCents } from '@charms/domain/money';

/**
 * The product form as the browser sends it, kept flat (one text per name) so a refused form is filled in again as
 * it was typed: lists (categories, fonts, lengths) as comma-separated text, each metal's price as `price.<metal>`
 * and its sold-out box as `soldOut.<metal>`, boxes as 'on' or ''.
 */
export type ProductFormValues = Record<string, string>;

const TEXT_FIELDS = ['name', 'slug', 'description', 'brand', 'kind', 'primaryCategoryId', 'engravingMaxChars', 'clasp', 'leadTimeMinDays', 'leadTimeMaxDays', 'seoTitle', 'seoDescription'] as const;
const LIST_FIELDS = ['categoryIds', 'engravingFonts', 'sizes'] as const;
const BOX_FIELDS = ['isPhotoArt', 'returnable'] as const;
export const priceField = (metal: string) => `price.${metal}`;
export const soldOutField = (metal: string) => `soldOut.${metal}`;

/** Reads the form's fields as the page shows them again. */
export function formValuesFrom(form: FormData): ProductFormValues {
  const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '');
  const values: ProductFormValues = {};
  for (const name of TEXT_FIELDS) values[name] = text(name);
  for (const name of LIST_FIELDS) values[name] = form.getAll(name).filter((value) => typeof value === 'string').join(',');
  for (const name of BOX_FIELDS) values[name] = form.get(name) === null ? '' : 'on';
  for (const metal of METALS) {
    values[priceField(metal.slug)] = text(priceField(metal.slug));
    values[soldOutField(metal.slug)] = form.get(soldOutField(metal.slug)) === null ? '' : 'on';
  }
  return values;
}

const listOf = (text: string | undefined) => (text ? text.split(',').filter((item) => item !== '') : []);
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A stored product as the form shows it; a new product starts as a charm, returnable, in no metal. */
export function formValuesOf(product: AdminProductDetail | null): ProductFormValues {
  if (!product) return { kind: 'charm', brand: 'Rembrandt', returnable: 'on' };
  const values: ProductFormValues = {
    name: product.name,
    slug: product.slug,
    description: product.description,
    brand: product.brand,
    kind: product.kind,
    primaryCategoryId: String(product.primaryCategory.id),
    engravingMaxChars: product.engravingMaxChars === null ? '' : String(product.engravingMaxChars),
    clasp: product.clasp ?? '',
    leadTimeMinDays: product.leadTimeMinDays === null ? '' : String(product.leadTimeMinDays),
    leadTimeMaxDays: product.leadTimeMaxDays === null ? '' : String(product.leadTimeMaxDays),
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    categoryIds: product.categories.map((category) => category.id).join(','),
    engravingFonts: product.engravingFonts.join(','),
    sizes: product.sizes.join(','),
    isPhotoArt: product.isPhotoArt ? 'on' : '',
    returnable: product.returnable ? 'on' : '',
  };
  for (const price of product.prices) {
    values[priceField(price.metal)] = dollars(price.priceCents);
    values[soldOutField(price.metal)] = price.available ? '' : 'on';
  }
  return values;
}

/** The form as the API's body: text as typed (the API checks it); a metal with an empty price is not offered. */
export function bodyOf(values: ProductFormValues): SaveProductInput {
  const numberOrNull = (text: string | undefined) => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);
  return {
    name: values.name ?? '',
    slug: values.slug ?? '',
    description: values.description ?? '',
    brand: values.brand ?? '',
    kind: values.kind ?? '',
    // The primary category is always one the product is listed in: ticking it again is not asked of staff.
    categoryIds: [...new Set([...listOf(values.primaryCategoryId), ...listOf(values.categoryIds)])].map(Number).filter(Number.isSafeInteger),
    primaryCategoryId: numberOrNull(values.primaryCategoryId),
    prices: METALS.filter((metal) => (values[priceField(metal.slug)] ?? '').trim() !== '').map((metal) => ({
      metal: metal.slug,
      price: values[priceField(metal.slug)]!,
      available: values[soldOutField(metal.slug)] !== 'on',
    })),
    engravingMaxChars: values.engravingMaxChars ?? '',
    engravingFonts: listOf(values.engravingFonts),
    sizes: listOf(values.sizes).map(Number),
    clasp: values.clasp ?? '',
    leadTimeMinDays: values.leadTimeMinDays ?? '',
    leadTimeMaxDays: values.leadTimeMaxDays ?? '',
    isPhotoArt: values.isPhotoArt === 'on',
    returnable: values.returnable === 'on',
    seoTitle: values.seoTitle ?? '',
    seoDescription: values.seoDescription ?? '',
  };
}

/** Where the API's field names show on the form (a price error beside its metal's price). */
export const FORM_FIELD_OF: Record<string, string> = Object.fromEntries(METALS.map((metal) => [`prices.${metal.slug}`, priceField(metal.slug)]));

/** The trail's field names in words. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Slug',
  description: 'Description',
  brand: 'Brand',
  kind: 'Kind',
  primaryCategoryId: 'Primary category',
  categoryIds: 'Categories',
  prices: 'Prices',
  sizes: 'Lengths',
  clasp: 'Clasp',
  engravingMaxChars: 'Engraving characters',
  engravingFonts: 'Engraving fonts',
  isPhotoArt: 'PhotoArt',
  leadTimeMinDays: 'Lead time (min days)',
  leadTimeMaxDays: 'Lead time (max days)',
  returnable: 'Returnable',
  seoTitle: 'Search title',
  seoDescription: 'Search description',
  retiredAt: 'Retired',
};

type StoredPrices = Record<string, { priceCents: number; available: boolean }>;
const metalName = (slug: string) => METALS.find((known) => known.slug === slug)?.name ?? slug;
const priceText = (price: StoredPrices[string] | undefined) => (price ? `${formatCents(price.priceCents)}${price.available ? '' : ' (sold out)'}` : 'not offered');

/** A value of the trail in words: prices per metal in dollars, sold-out marked; empty as "none". */
export function shownValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'none';
  if (field === 'prices' && typeof value === 'object') {
    const prices = value as StoredPrices;
    return Object.entries(prices)
      .map(([metal, price]) => `${metalName(metal)} ${priceText(price)}`)
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * One change of the trail as lines staff read: prices one line per metal whose price or availability changed (the
 * whole list before and after hid a one-cent change among five metals), every other field as before → after.
 */
export function changeLines(changes: Record<string, { before: unknown; after: unknown }>): string[] {
  return Object.entries(changes).flatMap(([field, { before, after }]) => {
    if (field !== 'prices') return [`${FIELD_LABELS[field] ?? field}: ${shownValue(field, before)} → ${shownValue(field, after)}`];
    const was = (before ?? {}) as StoredPrices;
    const is = (after ?? {}) as StoredPrices;
    const metals = METALS.map((metal) => metal.slug).filter((slug) => priceText(was[slug]) !== priceText(is[slug]));
    return metals.map((slug) => `${metalName(slug)} price: ${priceText(was[slug])} → ${priceText(is[slug])}`);
  });
}

/** A refusal's sentence at the top of the form: the fields say what is wrong beside themselves. */
export function refusalMessage(result: { message: string; fields?: Record<string, string> | undefined }): string {
  const count = Object.keys(result.fields ?? {}).length;
  if (count === 0) return result.message;
  return count === 1 ? 'Nothing was saved: one field needs a correction (marked below).' : `Nothing was saved: ${count} fields need a correction (marked below).`;
}
