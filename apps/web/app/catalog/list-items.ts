import type { DataLayerEvent } from '@charms/contracts/envelope';
import { type Ga4Product, ga4ListItems } from '@charms/domain/ga4';

/*
 * A listing's GA4 list event (view_item_list, view_search_results) travels without its items in the page's loader
 * data and gets them back in the browser, from the products the page shows (the route's handle does it).
 */

/** The list events whose items are the products a listing shows, in order. */
const LIST_EVENTS: ReadonlySet<string> = new Set(['view_item_list', 'view_search_results']);

type ListEvent = DataLayerEvent & { ecommerce: { item_list_name: string; items: unknown[] } };

function isListEvent(event: DataLayerEvent): event is ListEvent {
  const ecommerce = event.ecommerce as { item_list_name?: unknown; items?: unknown } | undefined;
  return LIST_EVENTS.has(event.event) && typeof ecommerce?.item_list_name === 'string' && Array.isArray(ecommerce.items);
}

/**
 * A listing's events with its list's items left out, for the loader data written into the page. Those items repeat
 * the products the page shows (48 a page: ids, names, prices, places), and the loader data is encoded value by value
 * on every uncached render: leaving them out took 0.45-0.50 ms of CPU off each listing render on this machine
 * (decision 0040, measured with `PAGE_RENDER_COMPARE` in bench/page-render.ts) and 4.8 KB off its loader data.
 * withListItems puts them back.
 */
export function withoutListItems(events: readonly DataLayerEvent[]): DataLayerEvent[] {
  return events.map((event) => (isListEvent(event) ? { ...event, ecommerce: { ...event.ecommerce, items: [] } } : event));
}

/** The events again with their list's items, built from the products shown in the listing's metal, as the API builds them. */
export function withListItems(events: readonly DataLayerEvent[], products: readonly Ga4Product[], metalName: string): DataLayerEvent[] {
  return events.map((event) =>
    isListEvent(event) ? { ...event, ecommerce: { ...event.ecommerce, items: ga4ListItems(products, metalName, event.ecommerce.item_list_name) } } : event,
  );
}
