import type { ApiClient } from '../lib/api-client';
import { apiErrorStatus } from '../lib/api-status';
import type { RequestLog } from '../lib/context';
import { readSessionId } from '../lib/shopper-id.server';
import type { BagSummary } from './bag-summary';

/**
 * The bag's count and total for the request's session cookie (`/order/summary`, and a product page showing what a
 * post without JavaScript added): no cookie means no bag (0, no API call, no session started); an unknown session
 * is an empty bag. Any other failure is logged and shown as 0: the header must never break a page. The total comes
 * from the same read: the product page's mini-bag shows both after an add (the add answers with the line only,
 * decision 0016).
 */
export async function readBagSummary(request: Request, api: ApiClient, log: RequestLog): Promise<BagSummary> {
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
