import { z } from 'zod';
import { safeText } from './text';

/**
 * The staff side's content pages: the CMS pages GET /content serves at storefront paths nothing else claims.
 *
 * A page is only ever shown at a path the storefront's own routes leave to it, so a path they claim is refused
 * when a page is saved. Each entry reserves that path and every path below it (/order reserves /order/process,
 * not /orders), compared without regard to case as the storefront's routes match. The storefront's route table
 * (apps/web/app/routes.ts) is the source of truth: a web test fails when it gains a route this list misses.
 */
export const STOREFRONT_RESERVED_PATHS = [
  // The API, the built client files, and the staff side.
  '/api',
  '/assets',
  '/admin',
  '/account',
  // The storefront's own pages.
  '/contact-us',
  '/privacy-policy',
  '/about-us',
  '/faq',
  '/newsletter',
  '/preferences',
  '/robots.txt',
  '/sitemap.xml',
  '/art',
  '/girl-charm-bracelets',
  '/Gold_Plate-Charm_Bracelets',
  '/categories',
  '/products',
  '/order',
  // Landing pages (apps/web/app/content/landing-pages.ts).
  '/rembrandt-charms',
  '/Rembrandtcharms',
  '/sterling-silver-charms',
  '/gold-charms',
  '/white-gold-charms',
  '/photoart-charms',
  // Gift pages (apps/web/app/content/gift-pages.ts).
  '/anniversary-gift-ideas',
  '/birthday-gift-ideas',
  '/baby-gift-ideas',
  '/gift-ideas-for-girlfriend',
  '/gift-ideas-for-mothers',
  '/wedding-gift-ideas',
] as const;

/** The reserved entry that claims `path` (the home page `/` included), or undefined when a content page may use it. */
export function reservedBy(path: string): string | undefined {
  const lower = path.toLowerCase();
  if (lower === '/' || lower === '') return '/';
  return STOREFRONT_RESERVED_PATHS.find((reserved) => {
    const prefix = reserved.toLowerCase();
    return lower === prefix || lower.startsWith(`${prefix}/`);
  });
}

/** A content page's path: as the address bar shows it, one or more segments of letters, digits, -, _ and /. */
export const contentPathSchema = safeText({ message: 'must be a path such as /engraving-guide' })
  .trim()
  .regex(/^\/[a-z0-9][a-z0-9/_-]{0,199}$/i, { message: 'must be a path such as /engraving-guide: letters, digits, -, _ and /' })
  .refine((path) => !path.endsWith('/') && !path.includes('//'), { message: 'must not end with / or contain //' });

/** The path of a page being saved: also one the storefront leaves to content pages. */
export const freeContentPathSchema = contentPathSchema.superRefine((path, context) => {
  const owner = reservedBy(path);
  if (owner) {
    context.addIssue({
      code: 'custom',
      message: `is a storefront page of its own (${owner === '/' ? 'the home page' : `${owner}${owner === path ? '' : '/...'}`}): a content page there would never be shown. Choose another path.`,
    });
  }
});

export const contentPageSummarySchema = z
  .object({ path: z.string(), title: z.string(), updatedAt: z.string(), updatedBy: z.string().nullable().describe('The staff member who saved it last; null for the starting pages') })
  .meta({ id: 'ContentPageSummary' });
export const contentPageListSchema = z.object({ pages: z.array(contentPageSummarySchema) }).meta({ id: 'ContentPageList' });

export const adminContentPageSchema = z
  .object({
    path: z.string(),
    title: z.string(),
    metaDescription: z.string(),
    metaKeywords: z.string(),
    /** As stored: sanitized when saved ({{storeName}} and the like are kept, and filled when served). */
    html: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'AdminContentPage' });
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;

const titleSchema = safeText({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(200, { message: 'must be at most 200 characters' });
const metaSchema = safeText().trim().max(300, { message: 'must be at most 300 characters' }).default('');
const htmlSchema = safeText({ message: 'must be text', lines: true }).max(200_000, { message: 'must be at most 200,000 characters' });

/** PUT /admin-content: create the page at `path`, or replace the one there (the same path in any case). */
export const saveContentPageBodySchema = z.strictObject({
  path: freeContentPathSchema,
  title: titleSchema,
  metaDescription: metaSchema,
  metaKeywords: metaSchema,
  html: htmlSchema,
});
export type SaveContentPageBody = z.infer<typeof saveContentPageBodySchema>;

/**
 * POST /admin-content/preview: the editor's form as it stands (only `html` is needed); the answer is the body as
 * the storefront would show it. Nothing is saved, so the path is not checked against the storefront's.
 */
export const previewContentBodySchema = z.strictObject({
  path: contentPathSchema.optional(),
  title: titleSchema.optional(),
  metaDescription: metaSchema,
  metaKeywords: metaSchema,
  html: htmlSchema,
});

export const contentPathQuerySchema = z.object({ path: contentPathSchema });
export const contentPreviewSchema = z.object({ html: z.string().describe('The body as the storefront will show it') }).meta({ id: 'ContentPreview' });
