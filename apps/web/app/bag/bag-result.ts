import type { DataLayerEvent } from '@charms/contracts/envelope';

/**
 * What a bag form's action answers: to a fetcher (JavaScript) as data, or (without JavaScript) through a short
 * notice cookie read by the page it redirects back to. `intent` says which form the message belongs next to.
 */
export interface BagResult {
  intent: string;
  ok: boolean;
  message: string;
  /** Form field name -> message, for 400s the API explained field by field. */
  fieldErrors?: Record<string, string>;
  /** GA4 events to push (add_to_cart, remove_from_cart); only answered to fetchers. */
  dataLayers?: DataLayerEvent[];
  /** What the shopper typed, so a rejected form keeps it. */
  values?: Record<string, string>;
  /** The bag's item count after the change. */
  itemCount?: number;
}

/** The name of the hidden field that only hydrated forms carry: the action then answers data, not a redirect. */
export const ENHANCED_FIELD = '_enhanced';

/** Only the events a change itself announces; view_cart comes with the page. */
export function changeEvents(events: readonly DataLayerEvent[] | undefined, names: readonly string[]): DataLayerEvent[] {
  return (events ?? []).filter((event) => names.includes(event.event));
}
