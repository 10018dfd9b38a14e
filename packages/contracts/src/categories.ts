import { z } from 'zod';

export const categorySchema = z.object({
  categoryName: z.string(),
  urlFriendlyName: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoriesResponseSchema = z.object({ categories: z.array(categorySchema) }).meta({ id: 'Categories' });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;
