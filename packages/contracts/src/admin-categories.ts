import { parseMenuPicture } from '@charms/art/menu-pictures';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, categorySlugProblem } from '@charms/domain/category-admin';
import { z } from 'zod';
import { adminChangeSchema } from './admin-audit';
import { fieldMessage } from './messages';
import { ID_MAX, safeText } from './text';

/**
 * The staff side's categories: their names, slugs (the URL segment), descriptions, menu pictures and menu order.
 * Every staff member may change them. A renamed slug keeps answering: its old URLs redirect (301) to the new one.
 */
const name = safeText({ message: 'is required' })
  .trim()
  .min(1, { message: 'is required' })
  .max(CATEGORY_NAME_MAX, { message: `must be at most ${CATEGORY_NAME_MAX} characters` });

/** A slug as typed; '' (on create) asks for one made from the name. */
const slug = safeText({ message: 'must be text' })
  .trim()
  .superRefine((value, context) => {
    const problem = value === '' ? null : categorySlugProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const description = safeText({ message: 'must be text', lines: true })
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX, { message: `must be at most ${CATEGORY_DESCRIPTION_MAX} characters` });

/** '{metal}/{shape}', a drawn tile; '' or null for no picture. */
const menuImage = z
  .union([z.string(), z.null()], fieldMessage('must be a picture such as sterling-silver/paw, or empty for none'))
  .transform((value) => (value === null || value.trim() === '' ? null : value.trim()))
  // A category's picture is a metal and a shape; the fixed menu entries' named pictures are not offered.
  .refine((value) => value === null || (value.includes('/') && parseMenuPicture(value) !== null), {
    message: 'must be one of the drawn pictures (a metal and a charm shape, such as sterling-silver/paw)',
  });

/** POST /admin-categories: a new category, placed last in the menu. */
export const createCategoryBodySchema = z.strictObject({
  name,
  slug: slug.default(''),
  description: description.default(''),
  menuImage: menuImage.default(null),
});
export type CreateCategoryInput = z.input<typeof createCategoryBodySchema>;
export type CreateCategory = z.output<typeof createCategoryBodySchema>;

/** PATCH /admin-categories/{id}: rename, re-slug, describe or choose the picture; fields left out stay. */
export const updateCategoryBodySchema = z
  .strictObject({
    name: name.optional(),
    slug: slug.refine((value) => value !== '', { message: 'is required' }).optional(),
    description: description.optional(),
    menuImage: menuImage.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one of name, slug, description or menuImage.' });
export type UpdateCategoryInput = z.input<typeof updateCategoryBodySchema>;
export type UpdateCategory = z.output<typeof updateCategoryBodySchema>;

const categoryId = z
  .number(fieldMessage('must be a category id'))
  .int({ message: 'must be a category id' })
  .positive({ message: 'must be a category id' })
  .max(ID_MAX, { message: 'must be a category id' });

/** POST /admin-categories/order: move one category (up, down, to the top or bottom), or set the whole order. */
export const reorderCategoriesBodySchema = z.union(
  [
    z.strictObject({ id: categoryId, move: z.enum(['up', 'down', 'top', 'bottom'], { message: 'must be up, down, top or bottom' }) }),
    z.strictObject({ ids: z.array(categoryId, fieldMessage('must list every category id in the new order')).min(1, { message: 'must list every category id in the new order' }) }),
  ],
  { message: 'Send { id, move } to move one category, or { ids } with every category in the new order.' },
);
export type ReorderCategories = z.output<typeof reorderCategoriesBodySchema>;

export const categoryParamsSchema = z.object({ id: z.string().regex(/^\d{1,9}$/, { message: 'must be a category id' }).transform(Number) });

export const adminCategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    menuImage: z.string().nullable().describe("The menu's picture, '{metal}/{shape}'; null for none"),
    /** 1 for the first in the menu. */
    position: z.number().int(),
    productCount: z.number().int().describe('Products listed in the category (as primary or not)'),
  })
  .meta({ id: 'AdminCategory' });
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCategoryListSchema = z.object({ categories: z.array(adminCategorySchema).describe('In menu order') }).meta({ id: 'AdminCategoryList' });
export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;

export const adminCategoryDetailSchema = adminCategorySchema
  .extend({
    oldSlugs: z.array(z.string()).describe('Earlier slugs whose URLs redirect here, newest first'),
    history: z.array(adminChangeSchema).describe('Who changed what, when: newest first'),
  })
  .meta({ id: 'AdminCategoryDetail' });
export type AdminCategoryDetail = z.infer<typeof adminCategoryDetailSchema>;
