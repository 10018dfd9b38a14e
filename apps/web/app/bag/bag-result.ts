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
  /** What the product page's add put in the bag, for its mini-bag (with JavaScript and without). */
  added?: AddedLine;
  /** A PhotoArt add that carried a photo: whether it was taken, in words. */
  photo?: { ok: boolean; message: string };
}

/** What one add put in the bag, as the add-to-bag form sent it (the product and its price are the page's). */
export interface AddedLine {
  productId: number;
  metalId: number;
  braceletSize: number | null;
  quantity: number;
  engraving: { text: string; font: string } | null;
}

/** The name of the hidden field that only hydrated forms carry: the action then answers data, not a redirect. */
export const ENHANCED_FIELD = '_enhanced';

/** Only the events a change itself announces; view_cart comes with the page. */
export function changeEvents(events: readonly DataLayerEvent[] | undefined, names: readonly string[]): DataLayerEvent[] {
  return (events ?? []).filter((event) => names.includes(event.event));
}
