import { z } from 'zod';

/** Every 4xx and 5xx answer of the API has this shape. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().describe('Stable machine-readable code, e.g. VALIDATION_ERROR, NOT_FOUND'),
      message: z.string().describe('A sentence a shopper can read'),
      details: z.unknown().optional().describe('For validation errors: the fields and what is wrong with each'),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
