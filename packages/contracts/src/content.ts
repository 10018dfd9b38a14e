import { z } from 'zod';
import { seoEnvelopeSchema } from './envelope';
import { safeText } from './text';

/** GET /content?objectKey=/some/path: the CMS page for a storefront path that has no page of its own. */
export const contentQuerySchema = z.object({
  objectKey: safeText({ message: 'must be a storefront path' })
    .min(1, { message: 'is required' })
    .max(2_000, { message: 'is too long' })
    .startsWith('/', { message: 'must start with /' })
    .describe('The decoded URL path, e.g. /engraving-guide'),
});
export type ContentQuery = z.infer<typeof contentQuerySchema>;

export const contentResponseSchema = seoEnvelopeSchema
  .extend({
    heading: z.string().describe("The page's own title, for its h1 (htmlHeadTitle adds the store's name)"),
    cmsData: z.string().describe('The page body as sanitized HTML (no scripts, styles, event handlers or javascript: links)'),
  })
  .meta({ id: 'ContentPage' });
export type ContentResponse = z.infer<typeof contentResponseSchema>;
