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

/** The shared fetcher's `load`, for the one component that starts it (the shopper session provider). */
export function useBagSummaryLoader(): () => Promise<void> {
  const { load } = useFetcher<BagSummary | null>({ key: BAG_SUMMARY_KEY });
  return useCallback(() => load(BAG_SUMMARY_PATH), [load]);
}
