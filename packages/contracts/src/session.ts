import { METAL_IDS, findMetalById } from '@charms/domain/metals';
import { BRACELET_SIZES, PRODUCT_ORDERS, isBraceletSize } from '@charms/domain/session-options';
import { z } from 'zod';
import { fieldMessage } from './messages';
import { ID_MAX } from './text';

export const sessionIdSchema = z.uuid({ version: 'v4', ...fieldMessage('must be a version 4 UUID') });

export const metalIdSchema = z
  .number(fieldMessage('must be a number'))
  .int({ message: 'must be a whole number' })
  .refine((id) => findMetalById(id) !== undefined, { message: `is not a metal we sell (one of ${METAL_IDS.join(', ')})` });

export const braceletSizeSchema = z
  .number(fieldMessage('must be a number'))
  .refine(isBraceletSize, { message: `is not a bracelet size we make (inches: ${BRACELET_SIZES.join(', ')})` });

export const productsOrderBySchema = z.enum(PRODUCT_ORDERS, fieldMessage(`must be one of ${PRODUCT_ORDERS.join(', ')}`));

export const productIdSchema = z
  .number(fieldMessage('must be a number'))
  .int({ message: 'must be a whole number' })
  .positive({ message: 'must be a positive number' })
  .max(ID_MAX, { message: 'is not a product id' });

export const userSessionSchema = z
  .object({
    id: sessionIdSchema,
    metalId: z.number().int(),
    braceletSize: z.number(),
    productId: z.number().int().nullable().describe('The product last looked at; null until then'),
    productsOrderBy: productsOrderBySchema,
  })
  .meta({ id: 'UserSession' });
export type UserSession = z.infer<typeof userSessionSchema>;

/** POST /user-session: the body and every field optional; defaults 40, 7, "Name". */
export const createUserSessionBodySchema = z
  .strictObject({
    metalId: metalIdSchema.optional(),
    braceletSize: braceletSizeSchema.optional(),
    productsOrderBy: productsOrderBySchema.optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type CreateUserSessionBody = z.infer<typeof createUserSessionBodySchema>;

/** PUT /user-session: the fields to change; an absent field keeps its value. */
export const updateUserSessionBodySchema = z.strictObject({
  metalId: metalIdSchema.optional(),
  braceletSize: braceletSizeSchema.optional(),
  productId: productIdSchema.nullable().optional(),
  productsOrderBy: productsOrderBySchema.optional(),
});
export type UpdateUserSessionBody = z.infer<typeof updateUserSessionBodySchema>;

export const sessionParamsSchema = z.object({ id: sessionIdSchema });

/** Cart and session calls identify the shopper by this header (HTTP headers are case-insensitive). */
export const sessionHeadersSchema = z.object({ usersessionid: sessionIdSchema });
