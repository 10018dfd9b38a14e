import { ENGRAVING_FONTS } from './engraving';
import { findMetalBySlug, type MetalId } from './metals';
import { type Cents, parseStaffPrice } from './money';
import { BRACELET_SIZES } from './session-options';

/**
 * The rules of a product as staff write it, in the admin's form or a CSV row: one function checks a whole draft and
 * answers either the product ready to store (prices in cents, metals by id) or every mistake at once, keyed by
 * field ("name", "prices.14k-gold", "leadTimeMaxDays"), so a form marks the field and an importer names the column.
 * Whether a slug is already taken and whether the categories exist is the store's to check (it needs the database).
 */
export const PRODUCT_KINDS = ['charm', 'bracelet'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PRODUCT_LIMITS = {
  name: 120,
  slug: 80,
  description: 5000,
  brand: 60,
  clasp: 80,
  seoTitle: 70,
  seoDescription: 320,
  engravingMaxChars: 60,
  leadTimeDays: 60,
} as const;

export const SLUG_RULE = 'must be lower-case letters, digits and single hyphens (such as silver-heart-charm), at most 80 characters';
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A product's slug from its name: "Heart Locket (14k)" -> "heart-locket-14k"; accents dropped ("Café" -> "cafe"). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_LIMITS.slug)
    .replace(/-+$/, '');
}

export function isValidSlug(slug: string): boolean {
  return slug.length <= PRODUCT_LIMITS.slug && SLUG_PATTERN.test(slug);
}

/** A metal's price as typed: the metal's slug, dollars as text, and whether it can be bought now. */
export interface PriceDraft {
  metal: string;
  price: string;
  available: boolean;
}

/** A product as staff typed it; text fields already trimmed by the caller's parser (form or CSV). */
export interface ProductDraft {
  name: string;
  /** Empty: derived from the name. */
  slug: string;
  description: string;
  brand: string;
  kind: string;
  categoryIds: readonly number[];
  primaryCategoryId: number | null;
  prices: readonly PriceDraft[];
  engravingMaxChars: number | null;
  engravingFonts: readonly string[];
  sizes: readonly number[];
  clasp: string;
  leadTimeMinDays: number | null;
  leadTimeMaxDays: number | null;
  isPhotoArt: boolean;
  returnable: boolean;
  seoTitle: string;
  seoDescription: string;
}

/** A product ready to store. */
export interface ProductFields {
  name: string;
  slug: string;
  description: string;
  brand: string;
  kind: ProductKind;
  categoryIds: number[];
  primaryCategoryId: number;
  prices: { metalId: MetalId; metalSlug: string; priceCents: Cents; available: boolean }[];
  engravingMaxChars: number | null;
  engravingFonts: string[];
  sizes: number[];
  clasp: string | null;
  leadTimeMinDays: number | null;
  leadTimeMaxDays: number | null;
  isPhotoArt: boolean;
  returnable: boolean;
  seoTitle: string;
  seoDescription: string;
}

export type ProductFieldErrors = Record<string, string>;
export type ProductCheck = { ok: true; product: ProductFields } | { ok: false; errors: ProductFieldErrors };

const FONT_IDS: readonly string[] = ENGRAVING_FONTS.map((font) => font.id);
const FONT_LIST = FONT_IDS.join(', ');
const SIZE_LIST = BRACELET_SIZES.join(', ');

function checkLength(errors: ProductFieldErrors, field: keyof typeof PRODUCT_LIMITS, value: string, required: boolean) {
  if (required && value === '') errors[field] = 'is required';
  else if ([...value].length > PRODUCT_LIMITS[field]) errors[field] = `must be at most ${PRODUCT_LIMITS[field]} characters`;
}

const isWholeIn = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

function checkPrices(errors: ProductFieldErrors, prices: readonly PriceDraft[]): ProductFields['prices'] {
  const checked: ProductFields['prices'] = [];
  if (prices.length === 0) errors.prices = 'must offer at least one metal with a price';
  for (const draft of prices) {
    const key = `prices.${draft.metal}`;
    const metal = findMetalBySlug(draft.metal);
    if (!metal) {
      errors[key] = `is not a metal we sell (${draft.metal || 'empty'}): use one of sterling-silver, 14k-gold, 14k-white-gold, 10k-gold, gold-plate`;
      continue;
    }
    if (checked.some((price) => price.metalId === metal.id)) {
      errors[key] = `is given twice: one price per metal`;
      continue;
    }
    const parsed = parseStaffPrice(draft.price);
    if ('error' in parsed) errors[key] = parsed.error;
    else checked.push({ metalId: metal.id, metalSlug: metal.slug, priceCents: parsed.cents, available: draft.available });
  }
  return checked;
}

function checkEngraving(errors: ProductFieldErrors, draft: ProductDraft) {
  const { engravingMaxChars: max, engravingFonts: fonts } = draft;
  if (max !== null && !isWholeIn(max, 1, PRODUCT_LIMITS.engravingMaxChars)) {
    errors.engravingMaxChars = `must be a whole number from 1 to ${PRODUCT_LIMITS.engravingMaxChars}, or empty when not engravable`;
  }
  const unknown = fonts.filter((font) => !FONT_IDS.includes(font));
  if (unknown.length > 0) errors.engravingFonts = `has fonts we do not engrave (${unknown.join(', ')}): use ${FONT_LIST}`;
  else if (new Set(fonts).size !== fonts.length) errors.engravingFonts = 'names a font twice';
  else if (max !== null && fonts.length === 0) errors.engravingFonts = 'needs at least one font when the product is engravable';
  else if (max === null && fonts.length > 0) errors.engravingMaxChars = 'is required when fonts are chosen (or choose no font)';
}

function checkBracelet(errors: ProductFieldErrors, draft: ProductDraft) {
  const unknown = draft.sizes.filter((size) => !(BRACELET_SIZES as readonly number[]).includes(size));
  if (unknown.length > 0) errors.sizes = `has lengths we do not make (${unknown.join(', ')}): use ${SIZE_LIST} inches`;
  else if (new Set(draft.sizes).size !== draft.sizes.length) errors.sizes = 'names a length twice';
  else if (draft.kind === 'bracelet' && draft.sizes.length === 0) errors.sizes = 'a bracelet needs at least one length';
  else if (draft.kind === 'charm' && draft.sizes.length > 0) errors.sizes = 'only bracelets have lengths';
  checkLength(errors, 'clasp', draft.clasp, false);
  if (draft.kind === 'charm' && draft.clasp !== '') errors.clasp = 'only bracelets have a clasp';
}

function checkLeadTime(errors: ProductFieldErrors, min: number | null, max: number | null) {
  const rule = `must be a whole number of business days from 1 to ${PRODUCT_LIMITS.leadTimeDays}`;
  if (min !== null && !isWholeIn(min, 1, PRODUCT_LIMITS.leadTimeDays)) errors.leadTimeMinDays = rule;
  if (max !== null && !isWholeIn(max, 1, PRODUCT_LIMITS.leadTimeDays)) errors.leadTimeMaxDays = rule;
  if (errors.leadTimeMinDays || errors.leadTimeMaxDays) return;
  if (min === null && max !== null) errors.leadTimeMinDays = 'is required with a maximum (both, or neither for items in stock)';
  else if (min !== null && max === null) errors.leadTimeMaxDays = 'is required with a minimum (both, or neither for items in stock)';
  else if (min !== null && max !== null && min > max) errors.leadTimeMaxDays = 'must be at least the minimum';
}

function checkCategories(errors: ProductFieldErrors, ids: readonly number[], primary: number | null) {
  if (ids.length === 0) errors.categoryIds = 'must name at least one category';
  else if (ids.some((id) => !isWholeIn(id, 1, 2_147_483_647))) errors.categoryIds = 'must be category ids';
  if (primary === null) errors.primaryCategoryId = 'is required';
  else if (ids.length > 0 && !ids.includes(primary)) errors.primaryCategoryId = 'must be one of the product’s categories';
}

/** Checks a whole draft; every mistake is reported, each under its field. */
export function checkProductDraft(draft: ProductDraft): ProductCheck {
  const errors: ProductFieldErrors = {};
  checkLength(errors, 'name', draft.name, true);
  const slug = draft.slug === '' ? slugFromName(draft.name) : draft.slug;
  if (draft.slug !== '' && !isValidSlug(draft.slug)) errors.slug = SLUG_RULE;
  else if (slug === '' && draft.name !== '') errors.slug = 'is required: the name has no letters or digits to make one from';
  checkLength(errors, 'description', draft.description, true);
  checkLength(errors, 'brand', draft.brand, true);
  if (!(PRODUCT_KINDS as readonly string[]).includes(draft.kind)) errors.kind = 'must be charm or bracelet';
  checkCategories(errors, draft.categoryIds, draft.primaryCategoryId);
  const prices = checkPrices(errors, draft.prices);
  checkEngraving(errors, draft);
  checkBracelet(errors, draft);
  checkLeadTime(errors, draft.leadTimeMinDays, draft.leadTimeMaxDays);
  checkLength(errors, 'seoTitle', draft.seoTitle, false);
  checkLength(errors, 'seoDescription', draft.seoDescription, false);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    product: {
      name: draft.name,
      slug,
      description: draft.description,
      brand: draft.brand,
      kind: draft.kind as ProductKind,
      categoryIds: [...new Set(draft.categoryIds)],
      primaryCategoryId: draft.primaryCategoryId!,
      prices,
      engravingMaxChars: draft.engravingMaxChars,
      engravingFonts: [...draft.engravingFonts],
      sizes: [...draft.sizes].sort((a, b) => a - b),
      clasp: draft.clasp === '' ? null : draft.clasp,
      leadTimeMinDays: draft.leadTimeMinDays,
      leadTimeMaxDays: draft.leadTimeMaxDays,
      isPhotoArt: draft.isPhotoArt,
      returnable: draft.returnable,
      seoTitle: draft.seoTitle,
      seoDescription: draft.seoDescription,
    },
  };
}
