import { z } from 'zod';

export const menuChildSchema = z.object({
  name: z.string(),
  link: z.string(),
  imageName: z.string().nullable(),
});

export const menuItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  link: z.string(),
  imageName: z.string().nullable(),
  children: z.array(menuChildSchema),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuResponseSchema = z.object({ menuItems: z.array(menuItemSchema) }).meta({ id: 'Menu' });
export type MenuResponse = z.infer<typeof menuResponseSchema>;
