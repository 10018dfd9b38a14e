import { type Cents, formatCents, parseDollars } from './money';

/**
 * The filters a shopper can narrow a listing by, beside its metal and sort: what kind of piece it is and what it
 * costs in the listing's metal. Kinds overlap (an engravable charm is a charm), so a listing shows one kind at a
 * time, each with how many of the listing's products it would show.
 */
export const PRODUCT_KINDS = ['charm', 'bracelet', 'engravable', 'photoart', 'made-to-order'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  charm: 'Charms',
  bracelet: 'Bracelets',
  engravable: 'Engravable',
  photoart: 'PhotoArt',
  'made-to-order': 'Made to order',
};

export function isProductKind(value: string | null | undefined): value is ProductKind {
  return value != null && (PRODUCT_KINDS as readonly string[]).includes(value);
}

/** Nothing in the shop costs near this; a higher bound is a typo or a probe, and is refused rather than ignored. */
export const MAX_PRICE_FILTER_CENTS: Cents = 100_000_00;

export type PriceBound = { cents: Cents } | { problem: string };

/** A price bound as typed in the listing's form or its address: dollars, at most two decimals, "$" and "," allowed. */
export function readPriceBound(text: string): PriceBound {
  const trimmed = text.trim();
  if (/^-/.test(trimmed)) return { problem: 'must not be negative' };
  const cents = parseDollars(trimmed);
  if (cents === null) return { problem: 'must be an amount in dollars, such as 25 or 19.99' };
  if (cents > MAX_PRICE_FILTER_CENTS) return { problem: `must be at most ${formatCents(MAX_PRICE_FILTER_CENTS)}` };
  return { cents };
}

/** Why a range cannot hold anything (lowest above highest), or null when it can. */
export function priceRangeProblem(minCents: Cents | undefined, maxCents: Cents | undefined): string | null {
  if (minCents === undefined || maxCents === undefined || minCents <= maxCents) return null;
  return `must be at least the lowest price (${formatCents(minCents)})`;
}
