import { readBagSummary } from '../bag/bag-count.server';
import type { BagSummary } from '../bag/bag-summary';
import type { Route } from './+types/bag-summary';

const PRIVATE = { 'cache-control': 'private, no-store' };

/**
 * GET /order/summary: the shopper's bag in two figures, `{itemCount, total}`, for the header's count and the product
 * page's mini-bag. Pages are the same for every shopper (so they can be cached); this is their one personal part,
 * loaded by the browser after hydration. It reads the session cookie as the bag page does, never starts a session
 * or sets a cookie (no cookie: zero), and no cache may keep it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const summary: BagSummary = await readBagSummary(request, context.api, context.log);
  return Response.json(summary, { headers: PRIVATE });
}

/** The same header on the `.data` answer React Router's fetchers read. */
export function headers() {
  return PRIVATE;
}

/** The last summary this browser received, kept while a later one cannot be had. */
let lastSummary: BagSummary | null = null;

/**
 * In the browser, the fetcher's call goes through here: when the summary cannot be had (offline, a failed answer),
 * the header keeps the last count it had (or none), instead of the failure reaching the root's error boundary,
 * which would replace the whole page.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs): Promise<BagSummary | null> {
  try {
    lastSummary = (await serverLoader()) as BagSummary;
  } catch (error) {
    console.warn('The bag summary could not be loaded', error);
  }
  return lastSummary;
}
