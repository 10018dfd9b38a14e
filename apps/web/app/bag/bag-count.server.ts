import type { Money } from '@charms/contracts/catalog';
import type { ApiClient } from '../lib/api-client';
import { apiErrorStatus } from '../lib/api-status';
import type { RequestLog } from '../lib/context';
import { readSessionId } from '../lib/shopper-id.server';

/**
 * The header's bag count for the request's session cookie: no cookie means no bag (0, no API call); an unknown
 * session is an empty bag. Any other failure is logged and shown as 0: the header must never break a page.
 * The bag's total comes from the same read: the product page's mini-bag shows both after an add
 * (the add answers with the line only, decision 0016), so the page's one bag read serves header and mini-bag.
 */
export async function readBagSummary(request: Request, api: ApiClient, log: RequestLog): Promise<{ itemCount: number; total: Money | null }> {
  const sessionId = readSessionId(request);
  if (!sessionId) return { itemCount: 0, total: null };
  try {
    // The header needs only the count and total: skip the suggested items.
    const { tempOrder } = await api.getBag(sessionId, { suggestions: false });
    return { itemCount: tempOrder.itemCount, total: tempOrder.totals.total };
  } catch (error) {
    if (apiErrorStatus(error) !== 404) log.warn({ err: error }, 'the bag count could not be read');
    return { itemCount: 0, total: null };
  }
}
