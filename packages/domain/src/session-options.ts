/** What a shopper's session remembers between pages, with the spec's defaults (metal 40, size 7, "Name"). */

/** Bracelet lengths in inches, by half inch; 7 inches fits most wrists. */
export const BRACELET_SIZES = [6, 6.5, 7, 7.5, 8, 8.5, 9] as const;
export type BraceletSize = (typeof BRACELET_SIZES)[number];
export const DEFAULT_BRACELET_SIZE: BraceletSize = 7;

export function isBraceletSize(value: number): value is BraceletSize {
  return (BRACELET_SIZES as readonly number[]).includes(value);
}

/** Product list orders; "Name" is the spec's default. */
export const PRODUCT_ORDERS = ['Name', 'PriceLowHigh', 'PriceHighLow', 'Newest', 'BestSelling'] as const;
export type ProductOrder = (typeof PRODUCT_ORDERS)[number];
export const DEFAULT_PRODUCT_ORDER: ProductOrder = 'Name';

export const PRODUCT_ORDER_LABELS: Record<ProductOrder, string> = {
  Name: 'Name',
  PriceLowHigh: 'Price: low to high',
  PriceHighLow: 'Price: high to low',
  Newest: 'Newest',
  BestSelling: 'Best selling',
};
