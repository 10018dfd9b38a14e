import type { DataLayerEvent, SeoEnvelope } from '@charms/contracts/envelope';

/** window.dataLayer as Google Tag Manager reads it; it exists (as an array) whether or not GTM is configured. */
type DataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/** GA4 requires clearing the previous ecommerce object before each ecommerce event. */
export function dataLayerEntriesFor(events: readonly DataLayerEvent[]): DataLayerEntry[] {
  return events.flatMap((event) => ('ecommerce' in event ? [{ ecommerce: null }, event] : [event]));
}

/** Query parameters that open something to whoever holds the address (the order link's token in emails). */
const SECRET_PARAMETERS = ['token'];

/** The page's address as analytics may know it: without the parameters that would let a reader open the page. */
export function analyticsLocation(href: string): string {
  const url = new URL(href);
  for (const name of SECRET_PARAMETERS) url.searchParams.delete(name);
  return url.href;
}

export function pageViewEvent(url: string, title: string): DataLayerEntry {
  return { event: 'page_view', page_location: analyticsLocation(url), page_title: title };
}

export function pushToDataLayer(target: Window, entries: readonly DataLayerEntry[]): void {
  target.dataLayer ??= [];
  target.dataLayer.push(...entries);
}

/** The SEO envelope of a route's loader data: either the data itself (an API response) or its `seo` field. */
export function envelopeOf(data: unknown): SeoEnvelope | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const candidate = 'htmlHeadTitle' in data ? data : 'seo' in data ? (data as { seo: unknown }).seo : undefined;
  if (!candidate || typeof candidate !== 'object' || !('htmlHeadTitle' in candidate) || !('canonicalUrl' in candidate)) return undefined;
  return candidate as SeoEnvelope;
}

/**
 * A route's handle may build its page's data-layer events from its loader data: a listing does (catalog/list-items.ts).
 * Otherwise they are the dataLayers of the loader data's SEO envelope, as the API wrote them.
 */
export interface DataLayersHandle<Data = unknown> {
  /** Called with the route's loader data (never undefined: a route without data has no events). */
  dataLayers: (data: Data) => DataLayerEvent[];
}

/** The data-layer events of one matched route (its handle's, else its loader data's). */
export function dataLayersOf(match: { handle?: unknown; data: unknown }): DataLayerEvent[] {
  const build = (match.handle as Partial<DataLayersHandle> | undefined)?.dataLayers;
  if (typeof build === 'function') return match.data ? build(match.data) : [];
  return envelopeOf(match.data)?.dataLayers ?? [];
}
