import { z } from 'zod';
import { fieldMessage } from './messages';
import { itemParamsSchema } from './bag';
import { digitsText } from './text';

/**
 * A shopper's photo for a PhotoArt line (POST /shopping-cart/items/{itemUuid}/photo, multipart: one JPEG, PNG or WebP
 * file up to 20 MB). The image itself is read with GET on the same path, by the same session only.
 */
export const bagPhotoSchema = z
  .object({
    itemUuid: z.uuid(),
    width: z.number().int().describe('The print copy’s size, upright'),
    height: z.number().int(),
    uploadedAt: z.string(),
  })
  .meta({ id: 'BagPhoto' });
export type BagPhoto = z.infer<typeof bagPhotoSchema>;

export const bagPhotoParamsSchema = itemParamsSchema;

/** A photo on an order, by the line's number as the order page shows it (1 for the first line). */
export const orderLinePhotoParamsSchema = z.object({
  id: z.uuid(fieldMessage('must be an order id')),
  line: digitsText('must be a line number').pipe(z.number().int().min(1, { message: 'must be 1 or more' }).max(999, { message: 'must be at most 999' })),
});

/** `print` (the default) downloads the print copy as a file; `preview` shows the small copy in the page. */
export const orderLinePhotoQuerySchema = z.object({ size: z.enum(['print', 'preview'], fieldMessage('must be print or preview')).default('print') });
