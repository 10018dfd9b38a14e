import type { Money } from '@charms/contracts/catalog';
import { useCallback, useEffect, useState } from 'react';
import { useFetcher, useFetchers, useNavigation } from 'react-router';

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
 * Starts the shared fetcher's first load (for the one component that does: the shopper session provider), as soon as
 * no form post or navigation is under way.
 *
 * Why wait: React Router (7.18) finds this route lazily, on the fetcher's first load, and a revalidation that comes
 * while it is still finding it (the one every form post ends with) matches `/order/summary` against the routes it
 * knows so far. Once the footer's content links are known that is the catch-all content route, whose answer for this
 * path is empty, and the error replaces the whole page with "Something went wrong" (react-router issue #15326, fixed
 * in 8.x by #15395). A shopper who posts a form just as the page hydrates (the newsletter signup, add to bag) met it.
 * Started when nothing is being posted, the first load finds its route (one small request) before a post that
 * starts after it can end.
 */
export function useBagSummaryLoader(): () => void {
  const { load } = useFetcher<BagSummary | null>({ key: BAG_SUMMARY_KEY });
  const navigating = useNavigation().state !== 'idle';
  const fetching = useFetchers().some((fetcher) => fetcher.state !== 'idle');
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!due || navigating || fetching) return;
    setDue(false);
    void load(BAG_SUMMARY_PATH);
  }, [due, navigating, fetching, load]);
  return useCallback(() => setDue(true), []);
}
