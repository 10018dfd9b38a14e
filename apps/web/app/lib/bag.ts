/**
 * The number of items in the shopper's bag, for the header's Buy Now button and Shopping Bag link.
 * The bag API does not exist yet (issue: bag and checkout), so this is 0 for now; when it arrives, this reads
 * the bag's lines and counts them with `countBagItems` from `@charms/domain/storefront-bag-count`.
 */
export function useBagItemCount(): number {
  return 0;
}
