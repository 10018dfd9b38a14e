import type { ApiClient } from '../lib/api-client';
import { apiErrorStatus } from '../lib/api-status';
import type { RequestLog } from '../lib/context';
import { readSessionId } from '../lib/shopper-id.server';

/**
 * The header's bag count for the request's session cookie: no cookie means no bag (0, no API call); an unknown
 * session is an empty bag. Any other failure is logged and shown as 0: the header must never break a page.
 */
export async function readBagCount(request: Request, api: ApiClient, log: RequestLog): Promise<number> {
  const sessionId = readSessionId(request);
  if (!sessionId) return 0;
  try {
    // The header needs only the count: skip the suggested items.
    return (await api.getBag(sessionId, { suggestions: false })).tempOrder.itemCount;
  } catch (error) {
    if (apiErrorStatus(error) !== 404) log.warn({ err: error }, 'the bag count could not be read');
    return 0;
  }
}
