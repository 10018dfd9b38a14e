import { z } from 'zod';

/** A GA4 event as pushed to window.dataLayer, e.g. {event: 'view_item_list', ecommerce: {...}}. */
export const dataLayerEventSchema = z.object({ event: z.string() }).catchall(z.unknown());
export type DataLayerEvent = z.infer<typeof dataLayerEventSchema>;

/**
 * The SEO and analytics fields that catalog and content responses carry. canonicalUrl is a path;
 * the web joins it with the store's base address (PUBLIC_BASE_URL) and collapses double slashes.
 */
export const seoEnvelopeSchema = z.object({
  htmlHeadTitle: z.string(),
  htmlHeadMetaKeywords: z.string(),
  htmlHeadMetaDescription: z.string(),
  canonicalUrl: z.string().startsWith('/'),
  dataLayers: z.array(dataLayerEventSchema),
});
export type SeoEnvelope = z.infer<typeof seoEnvelopeSchema>;
