import { z } from 'zod';
import { fieldMessage } from './messages';
import { safeText } from './text';

/** The staff side's content pages: the CMS pages GET /content serves at storefront paths nothing else claims. */
export const contentPathSchema = safeText({ message: 'must be a path such as /engraving-guide' })
  .trim()
  .regex(/^\/[a-z0-9][a-z0-9/_-]{0,199}$/i, { message: 'must be a path such as /engraving-guide: letters, digits, -, _ and /' })
  .refine((path) => !path.endsWith('/') && !path.includes('//'), { message: 'must not end with / or contain //' });

export const contentPageSummarySchema = z.object({ path: z.string(), title: z.string(), updatedAt: z.string(), updatedBy: z.string().nullable() }).meta({ id: 'ContentPageSummary' });
export const contentPageListSchema = z.object({ pages: z.array(contentPageSummarySchema) }).meta({ id: 'ContentPageList' });

export const adminContentPageSchema = z
  .object({
    path: z.string(),
    title: z.string(),
    metaDescription: z.string(),
    metaKeywords: z.string(),
    /** As stored: sanitized when saved. */
    html: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'AdminContentPage' });
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;

/** PUT /admin-content (create or replace the page at `path`) and POST /admin-content/preview (sanitize, save nothing). */
export const saveContentPageBodySchema = z.strictObject({
  path: contentPathSchema,
  title: safeText({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(200, { message: 'must be at most 200 characters' }),
  metaDescription: safeText().trim().max(300, { message: 'must be at most 300 characters' }).default(''),
  metaKeywords: safeText().trim().max(300, { message: 'must be at most 300 characters' }).default(''),
  html: safeText({ message: 'must be text', lines: true }).max(200_000, { message: 'must be at most 200,000 characters' }),
});
export type SaveContentPageBody = z.infer<typeof saveContentPageBodySchema>;

export const contentPathQuerySchema = z.object({ path: contentPathSchema });
export const contentPreviewSchema = z.object({ html: z.string().describe('The body as the storefront will show it') }).meta({ id: 'ContentPreview' });
