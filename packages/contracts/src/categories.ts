import { z } from 'zod';

export const categorySchema = z.object({
  categoryName: z.string(),
  urlFriendlyName: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** A category as /categories lists it (in menu order): with its menu picture, '{metal}/{shape}' or null. */
export const categoryEntrySchema = categorySchema.extend({ menuImage: z.string().nullable() });

export const categoriesResponseSchema = z.object({ categories: z.array(categoryEntrySchema) }).meta({ id: 'Categories' });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;
