import { METALS } from '@charms/domain/metals';
import { PRODUCT_KINDS, checkProductDraft } from '@charms/domain/product-admin';
import { z } from 'zod';
import { adminChangeSchema } from './admin-audit';
import { fieldMessage } from './messages';
import { ID_MAX, idText, safeText } from './text';

/**
 * The staff side's products: list and search, one product with its trail, create, edit, retire and restore (never
 * delete: orders name their products). Prices are typed in dollars ("12.50") per metal and answered in cents. The
 * rules live in @charms/domain/product-admin (checkProductDraft), which a CSV import applies to each row as well.
 */
export { PRODUCT_KINDS };
export const PRODUCT_AVAILABILITIES = ['on-sale', 'unavailable', 'retired', 'all'] as const;
export type ProductAvailability = (typeof PRODUCT_AVAILABILITIES)[number];
const METAL_SLUGS = METALS.map((metal) => metal.slug);

const text = (options: { lines?: boolean } = {}) => safeText(options).trim();
/**
 * A number, its text, or empty (null or "") for none. Text that is not a number becomes NaN, which the rules refuse
 * with the field's own message, so a form's every mistake is still said at once.
 */
const optionalNumber = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()], fieldMessage(message))
    .transform((value) => {
      if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
      return typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    });
const categoryId = z.number(fieldMessage('must be a category id')).int({ message: 'must be a category id' }).max(ID_MAX, { message: 'must be a category id' });

export const productPriceInputSchema = z.strictObject({
  metal: text().describe(`A metal's slug: ${METAL_SLUGS.join(', ')}`),
  /** Dollars as text, so 12.505 is refused rather than rounded. A number is read as its text. */
  price: z.union([z.string(fieldMessage('must be an amount in dollars')), z.number()], fieldMessage('must be an amount in dollars')).transform((value) => String(value)),
  available: z.boolean(fieldMessage('must be true or false')).default(true).describe('false: offered, but sold out for now'),
});

/** POST /admin-products and PUT /admin-products/{id}: the whole product as the form has it. */
export const saveProductBodySchema = z
  .strictObject({
    name: text(),
    slug: text().default('').describe('Empty: made from the name'),
    description: text({ lines: true }),
    brand: text().default('Rembrandt'),
    kind: z.string(fieldMessage(`must be ${PRODUCT_KINDS.join(' or ')}`)),
    categoryIds: z.array(categoryId, fieldMessage('must be a list of category ids')).max(50, { message: 'must be at most 50 categories' }),
    primaryCategoryId: categoryId.nullable(),
    prices: z.array(productPriceInputSchema, fieldMessage('must be a list of prices')).max(METALS.length + 5, { message: 'must be one price per metal' }),
    engravingMaxChars: optionalNumber('must be a whole number, or empty when not engravable').default(null),
    engravingFonts: z.array(text(), fieldMessage('must be a list of fonts')).max(10, { message: 'must be at most 10 fonts' }).default([]),
    sizes: z.array(z.number(fieldMessage('must be lengths in inches')), fieldMessage('must be a list of lengths')).max(20, { message: 'must be at most 20 lengths' }).default([]),
    clasp: text().default(''),
    leadTimeMinDays: optionalNumber('must be a whole number of business days, or empty').default(null),
    leadTimeMaxDays: optionalNumber('must be a whole number of business days, or empty').default(null),
    isPhotoArt: z.boolean(fieldMessage('must be true or false')).default(false),
    returnable: z.boolean(fieldMessage('must be true or false')).default(true),
    seoTitle: text().default('').describe("The page's <title> for search engines; empty: the product's name"),
    seoDescription: text().default('').describe("The page's meta description; empty: from the description"),
  })
  .transform((body, context) => {
    const result = checkProductDraft(body);
    if (result.ok) return result.product;
    for (const [field, message] of Object.entries(result.errors)) {
      const [first, ...rest] = field.split('.');
      context.addIssue({ code: 'custom', path: [first!, ...(rest.length ? [rest.join('.')] : [])], message });
    }
    return z.NEVER;
  });
export type SaveProductInput = z.input<typeof saveProductBodySchema>;
export type SaveProduct = z.output<typeof saveProductBodySchema>;

export const productParamsSchema = z.object({ id: z.string().regex(/^\d{1,9}$/, { message: 'must be a product id' }).transform(Number) });

/** GET /admin-products: search by name or id, filter by category, metal and availability, a page at a time. */
export const adminProductListQuerySchema = z.object({
  q: safeText().trim().max(200, { message: 'must be at most 200 characters' }).optional().describe('Words of the name, or a product id'),
  category: idText('must be a category id').optional(),
  metal: z.enum(METAL_SLUGS as [string, ...string[]], fieldMessage(`must be one of ${METAL_SLUGS.join(', ')}`)).optional().describe('Offered in this metal'),
  availability: z
    .enum(PRODUCT_AVAILABILITIES, fieldMessage(`must be one of ${PRODUCT_AVAILABILITIES.join(', ')}`))
    .default('on-sale')
    .describe('on-sale: not retired; unavailable: on sale with a metal sold out (in the metal asked for, if any); retired; all'),
  page: z.coerce.number(fieldMessage('must be a page number')).int({ message: 'must be a whole number' }).min(1, { message: 'must be at least 1' }).max(10_000, { message: 'must be at most 10,000' }).default(1),
  pageSize: z.coerce.number(fieldMessage('must be a number')).int({ message: 'must be a whole number' }).min(1, { message: 'must be at least 1' }).max(100, { message: 'must be at most 100' }).default(25),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

export const adminProductPriceSchema = z.object({
  metal: z.string(),
  metalName: z.string(),
  priceCents: z.number().int(),
  available: z.boolean(),
});

export const adminProductSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    primaryCategory: z.object({ id: z.number().int(), name: z.string() }),
    prices: z.array(adminProductPriceSchema),
    retiredAt: z.string().nullable(),
    /** The storefront page in the first metal offered; null when retired. */
    storefrontPath: z.string().nullable(),
  })
  .meta({ id: 'AdminProductSummary' });
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;

export const adminProductListSchema = z
  .object({ products: z.array(adminProductSummarySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AdminProductList' });
export type AdminProductList = z.infer<typeof adminProductListSchema>;

export const adminProductDetailSchema = adminProductSummarySchema
  .extend({
    description: z.string(),
    brand: z.string(),
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    engravingMaxChars: z.number().int().nullable(),
    engravingFonts: z.array(z.string()),
    sizes: z.array(z.number()),
    clasp: z.string().nullable(),
    leadTimeMinDays: z.number().int().nullable(),
    leadTimeMaxDays: z.number().int().nullable(),
    isPhotoArt: z.boolean(),
    returnable: z.boolean(),
    seoTitle: z.string(),
    seoDescription: z.string(),
    createdAt: z.string(),
    history: z.array(adminChangeSchema).describe('Who changed what, when: newest first'),
  })
  .meta({ id: 'AdminProductDetail' });
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

/** GET /admin-products/options: what the form offers (categories, metals, fonts, lengths). */
export const adminProductOptionsSchema = z
  .object({
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    metals: z.array(z.object({ slug: z.string(), name: z.string() })),
    fonts: z.array(z.object({ id: z.string(), name: z.string() })),
    sizes: z.array(z.number()),
  })
  .meta({ id: 'AdminProductOptions' });
export type AdminProductOptions = z.infer<typeof adminProductOptionsSchema>;
