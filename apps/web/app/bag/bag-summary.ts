import type { Money } from '@charms/contracts/catalog';
import { useCallback } from 'react';
import { useFetcher } from 'react-router';

/**
 * The shopper's bag in two figures: charms and bracelets by quantity (the API's `countBagItems`: no engraving or
 * assembly lines) and the total. The one personal part of the storefront's shell: pages are the same for every
 * shopper and this comes separately, from `/order/summary` (routes/bag-summary.ts).
 */
export interface BagSummary {
  itemCount: number;
  total: Money | null;
}

export const BAG_SUMMARY_PATH = '/order/summary';

/** The one fetcher the summary is loaded into; every reader (header, mini-bag) shares it by this key. */
const BAG_SUMMARY_KEY = 'bag-summary';

/**
 * The summary as last loaded: undefined on the server, while hydrating and until the first answer (or while none
 * could be had), then the shopper's. React Router reloads it after every form post and every revalidation (a
 * fetcher loaded with `load`).
 */
export function useBagSummary(): BagSummary | undefined {
  return useFetcher<BagSummary | null>({ key: BAG_SUMMARY_KEY }).data ?? undefined;
}

/**
 * The shared fetcher's `load`, for the one component that starts it (the shopper session provider).
 *
 * The browser knows every route from the start (`routeDiscovery: initial` in react-router.config.ts), so this load
 * never waits to find its route: a revalidation that comes while it is under way (every form post ends with one)
 * reloads it from `/order/summary` as React Router documents. Found lazily, as in React Router 7's default, a
 * revalidation in that moment reloaded it as the catch-all content route and showed "Something went wrong" (react-router
 * issue #15326; docs/decisions/0039-routes-known-from-the-start.md).
 */
export function useBagSummaryLoader(): () => Promise<void> {
  const { load } = useFetcher<BagSummary | null>({ key: BAG_SUMMARY_KEY });
  return useCallback(() => load(BAG_SUMMARY_PATH), [load]);
}
