import { z } from 'zod';
import { safeText } from './text';

export const categorySchema = z.object({
  categoryName: z.string(),
  urlFriendlyName: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** A category as /categories lists it (in menu order): with its menu picture, '{metal}/{shape}' or null. */
export const categoryEntrySchema = categorySchema.extend({ menuImage: z.string().nullable() });

export const categoriesResponseSchema = z.object({ categories: z.array(categoryEntrySchema) }).meta({ id: 'Categories' });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

/** GET /categories/moved?slug=: where an old slug now lives (404 when no category ever had it). */
export const movedCategoryQuerySchema = z.object({ slug: safeText().trim().min(1, { message: 'is required' }).max(200, { message: 'is too long' }) });
export const movedCategorySchema = z.object({ urlFriendlyName: z.string() }).meta({ id: 'MovedCategory' });
export type MovedCategory = z.infer<typeof movedCategorySchema>;
