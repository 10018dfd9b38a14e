import { z } from 'zod';
import { adminChangeSchema } from './admin-audit';
import { fieldMessage } from './messages';
import { idText, safeText } from './text';

/**
 * Product photos: as shoppers' pages get them (a <picture> with AVIF, WebP and JPEG srcsets), and as staff manage
 * them (/admin-products/{id}/photos). The files are served at /api/media/{key}, cached for a year.
 */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;

export const photoSchema = z
  .object({
    id: z.number().int(),
    alt: z.string().describe("Staff's words for the photo; the product's name when they gave none"),
    width: z.number().int().describe('Of the largest variant: with height, the aspect ratio the page reserves'),
    height: z.number().int(),
    metal: z.string().nullable().describe('The metal (slug) the photo shows; null: every metal'),
    sources: z
      .array(z.object({ format: z.enum(PHOTO_FORMATS), url: z.string(), width: z.number().int(), height: z.number().int() }))
      .describe('Every variant, by format then width, smallest first'),
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof photoSchema>;

export const productPhotoParamsSchema = z.object({ id: idText('must be a product id') });
export const photoParamsSchema = productPhotoParamsSchema.extend({ photoId: idText('must be a photo id') });

const altSchema = safeText({ message: 'must be text' }).trim().max(250, { message: 'must be at most 250 characters' });
/** A metal's slug, or empty (null, "") for every metal. Whether the product is offered in it is checked by the API. */
const metalSchema = z
  .union([safeText().trim().max(40, { message: 'is not a metal' }), z.null()], fieldMessage('must be a metal, or empty for every metal'))
  .transform((value) => (value ? value : null));

/** PATCH /admin-products/{id}/photos/{photoId}. */
export const updatePhotoBodySchema = z.strictObject({ alt: altSchema, metal: metalSchema });
export type UpdatePhoto = z.infer<typeof updatePhotoBodySchema>;

/** PUT /admin-products/{id}/photos/order: every photo of the product, first shown first. */
export const reorderPhotosBodySchema = z.strictObject({
  photoIds: z.array(z.number().int().positive(), fieldMessage('must list the photo ids')).min(1, { message: 'must list the photo ids' }).max(100),
});

/** The text fields of an upload (multipart, beside the files): they apply to every file of it. */
export const uploadPhotoFieldsSchema = z.object({ alt: altSchema.default(''), metal: metalSchema.default(null) });

export const adminPhotoSchema = photoSchema.extend({
  position: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;

export const productPhotosSchema = z
  .object({
    product: z.object({ id: z.number().int(), name: z.string(), path: z.string() }),
    /** The metals the product is offered in: the choices for a photo's metal. */
    metals: z.array(z.object({ slug: z.string(), name: z.string() })),
    photos: z.array(adminPhotoSchema),
    history: z.array(adminChangeSchema).describe('Who changed the photos, what and when: newest first'),
  })
  .meta({ id: 'ProductPhotos' });
export type ProductPhotos = z.infer<typeof productPhotosSchema>;
