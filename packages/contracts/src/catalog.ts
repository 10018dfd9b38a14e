
import { PRODUCT_KINDS, priceRangeProblem, readPriceBound } from '@charms/domain/listing-filters';
import { PRODUCT_ORDERS } from '@charms/domain/session-options';
import { z } from 'zod';
import { photoSchema } from './product-photos';
import { categorySchema } from './categories';
import { seoEnvelopeSchema } from './envelope';
import { fieldMessage } from './messages';
import { braceletSizeSchema, metalIdSchema } from './session';
import { decimalText, digitsText, safeText, storefrontPath } from './text';

export const MAX_PAGE_SIZE = 96;
export const DEFAULT_PAGE_SIZE = 48;

export const listingOrderSchema = z.enum([...PRODUCT_ORDERS, 'Relevance'], fieldMessage(`must be one of ${[...PRODUCT_ORDERS, 'Relevance'].join(', ')}`));
export type ListingOrder = z.infer<typeof listingOrderSchema>;

export const moneySchema = z.object({ cents: z.number().int(), display: z.string() }).meta({ id: 'Money' });
export type Money = z.infer<typeof moneySchema>;

export const metalSummarySchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

export const productKindSchema = z.enum(PRODUCT_KINDS, fieldMessage(`must be one of ${PRODUCT_KINDS.join(', ')}`));

/** A price bound in dollars as the address has it ("25", "19.99"), read into cents. */
const priceBoundSchema = z.string(fieldMessage('must be an amount in dollars')).transform((text, context) => {
  const bound = readPriceBound(text);
  if ('problem' in bound) {
    context.addIssue({ code: 'custom', message: bound.problem });
    return z.NEVER;
  }
  return bound.cents;
});

/**
 * GET /products: a category, search or collection listing, or the whole catalog. Strict, as every query of a call
 * whose answers the catalog cache keeps by address (query.ts): an unknown parameter is refused.
 */
export const productListQuerySchema = z.strictObject({
  path: storefrontPath('must be a storefront path')
    .max(12_000, { message: 'is too long' })
    .startsWith('/', { message: 'must start with /' })
    .optional()
    .describe('The storefront path being shown, e.g. /products/category/14k-gold/Dog-Charms or /products/search/heart'),
  categoryName: safeText().max(200, { message: 'is too long' }).optional().describe('A category by name, instead of a path'),
  q: safeText().max(12_000, { message: 'is too long' }).optional().describe('Search words, for /products/search?q='),
  metalId: digitsText('must be a number').pipe(metalIdSchema).optional().describe('Used when the path names no metal; default 40'),
  braceletSize: decimalText('must be a number').pipe(braceletSizeSchema).optional(),
  orderBy: listingOrderSchema.optional().describe('Default: Relevance for searches, Name otherwise'),
  page: digitsText('must be a page number').pipe(z.number().int({ message: 'must be a whole number' }).min(1, { message: 'must be 1 or more' })).default(1),
  pageSize: digitsText('must be a number')
    .pipe(z.number().int({ message: 'must be a whole number' }).min(1, { message: 'must be 1 or more' }).max(MAX_PAGE_SIZE, { message: `must be at most ${MAX_PAGE_SIZE}` }))
    .default(DEFAULT_PAGE_SIZE),
  kind: z
    .enum(PRODUCT_KINDS, {
      // A repeated parameter (?kind=charm&kind=bracelet) arrives as a list: the listing takes one kind at a time.
      error: (issue) => `${Array.isArray(issue.input) ? 'takes one kind at a time: ' : 'must be '}one of ${PRODUCT_KINDS.join(', ')}`,
    })
    .optional()
    .describe('Only this kind of product: charm, bracelet, engravable, photoart, made-to-order'),
  minPrice: priceBoundSchema.optional().describe('Lowest price in the listing metal, in dollars (25 or 19.99)'),
  maxPrice: priceBoundSchema.optional().describe('Highest price in the listing metal, in dollars; not below minPrice'),
}).superRefine((query, context) => {
  const problem = priceRangeProblem(query.minPrice, query.maxPrice);
  if (problem) context.addIssue({ code: 'custom', path: ['maxPrice'], message: problem });
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    path: z.string().describe('The product page in the listing metal'),
    imageUrl: z.string().describe('The drawn picture (SVG): what pages show when the product has no photo'),
    photo: photoSchema.nullable().describe("The product's first photo for this metal (tagged with it, else untagged); null: show imageUrl"),
    metalId: z.number().int(),
    price: moneySchema.nullable().describe('null: not offered in this metal'),
    available: z.boolean(),
    isPhotoArt: z.boolean(),
    engravable: z.boolean(),
  })
  .meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** The filters a listing was narrowed by, and what each kind would show given the price range. */
export const listingFiltersSchema = z.object({
  kind: productKindSchema.nullable(),
  minPrice: moneySchema.nullable(),
  maxPrice: moneySchema.nullable(),
  active: z.boolean().describe('Whether any filter narrows the listing'),
  kinds: z
    .array(z.object({ kind: productKindSchema, label: z.string(), count: z.number().int() }))
    .describe('Each kind with how many of the listing’s products within the price range are of that kind'),
  anyKindCount: z.number().int().describe('How many of the listing’s products are within the price range, of any kind'),
  priceRange: z
    .object({ min: moneySchema, max: moneySchema })
    .nullable()
    .describe('Lowest and highest price in the listing metal among the products of the chosen kind; null when none is offered'),
});
export type ListingFilters = z.infer<typeof listingFiltersSchema>;

export const listingSchema = z.object({
  kind: z.enum(['category', 'search', 'collection', 'all']),
  heading: z.string(),
  category: categorySchema.nullable(),
  description: z.string().describe("A category's description as staff wrote it (plain text, paragraphs split by blank lines); empty otherwise"),
  searchTerm: z.string().nullable().describe('The words searched for, as typed (cut to 100 characters)'),
  correctedTerm: z.string().nullable().describe('Set when results are shown for a corrected spelling'),
  metal: metalSummarySchema,
  metalFromPath: z.boolean(),
  orderBy: listingOrderSchema,
  orderOptions: z.array(listingOrderSchema),
  filters: listingFiltersSchema,
});

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int().describe('The pages there are to go to: a search pages through its first 1,000 matches'),
  limited: z
    .boolean()
    .describe('True when a search matches more than 1,000 products: its last page (totalPages) ends at the 1,000th'),
});

export const productListResponseSchema = seoEnvelopeSchema
  .extend({
    listing: listingSchema,
    products: z.array(productSummarySchema),
    pagination: paginationSchema,
    suggestions: z.object({
      didYouMean: z.string().nullable(),
      popularCategories: z.array(categorySchema),
    }),
  })
  .meta({ id: 'ProductList' });
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** GET /products/detail; strict, as productListQuerySchema. */
export const productDetailQuerySchema = z.strictObject({
  path: storefrontPath('must be a product path')
    .min(1)
    .max(2_000, { message: 'is too long' })
    .startsWith('/', { message: 'must start with /' })
    .describe('The product page path, ending in the numeric id'),
  metalId: digitsText('must be a number').pipe(metalIdSchema).optional(),
  braceletSize: decimalText('must be a number').pipe(braceletSizeSchema).optional(),
});
export type ProductDetailQuery = z.infer<typeof productDetailQuerySchema>;

export const offerSchema = z.object({
  metal: metalSummarySchema,
  price: moneySchema.nullable(),
  available: z.boolean(),
  path: z.string(),
});

export const productDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  brand: z.string(),
  kind: z.enum(['charm', 'bracelet']),
  path: z.string().describe('Canonical page path in the selected metal (and size)'),
  images: z.array(z.object({ url: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() })).describe('For structured data: the photos (largest JPEG each), else the drawn picture'),
  photos: z.array(photoSchema).describe("Staff's photos for this metal, in order; empty: the page shows the drawn picture"),
  categories: z.array(categorySchema),
  metal: metalSummarySchema,
  price: moneySchema.nullable(),
  available: z.boolean(),
  offers: z.array(offerSchema),
  sizes: z.array(z.number()),
  braceletSize: z.number().nullable(),
  clasp: z.string().nullable(),
  engraving: z
    .object({
      maxCharacters: z.number().int(),
      fonts: z.array(z.object({ id: z.string(), name: z.string() })),
      pricePerCharacter: moneySchema,
      freeInThisMetal: z.boolean(),
    })
    .nullable(),
  isPhotoArt: z.boolean(),
  leadTime: z.object({ minDays: z.number().int(), maxDays: z.number().int() }).nullable(),
  returnable: z.boolean(),
  estimatedShipDate: z.string().describe('YYYY-MM-DD, Central time'),
  breadcrumbs: z.array(z.object({ name: z.string(), path: z.string() })),
  related: z.array(productSummarySchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productDetailResponseSchema = z
  .discriminatedUnion('kind', [
    seoEnvelopeSchema.extend({ kind: z.literal('product'), product: productDetailSchema }),
    z.object({ kind: z.literal('redirect'), redirectTo: z.string().describe('The canonical path: answer the browser with a 301 to it') }),
  ])
  .meta({ id: 'ProductDetailResponse' });
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

