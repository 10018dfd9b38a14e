import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';

/**
 * The number of items in the shopper's bag, for the header's Buy Now button and Shopping Bag link. Rendered on
 * the server from the root loader (the session cookie's bag, counted by the API as `countBagItems` does: charms
 * and bracelets by quantity, no engraving or assembly lines); the root reloads after every posted form.
 */
export function useBagItemCount(): number {
  return useRouteLoaderData<typeof rootLoader>('root')?.bagCount ?? 0;
}
