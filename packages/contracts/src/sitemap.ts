import { z } from 'zod';

/**
 * GET /sitemap: the storefront paths search engines should index (category listings, in each metal a category
 * has products in, and every product page in every metal it is offered in). The web turns them into sitemap.xml.
 */
export const sitemapEntrySchema = z.object({
  path: z.string().startsWith('/').describe('A canonical storefront path, e.g. /products/dog-charms/14k-gold/akita-charm/1460'),
  kind: z.enum(['category', 'product']),
});
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;

export const sitemapResponseSchema = z.object({ entries: z.array(sitemapEntrySchema) }).meta({ id: 'Sitemap' });
export type SitemapResponse = z.infer<typeof sitemapResponseSchema>;
