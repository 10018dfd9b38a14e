import { z } from 'zod';

/** What the API's PRODUCT_RETIRED answer carries: the product's name and its category, to send the shopper on. */
const retiredSchema = z.object({ name: z.string(), category: z.object({ name: z.string(), path: z.string().startsWith('/') }) });
export type RetiredProduct = z.infer<typeof retiredSchema>;

/** Read by the product page's loader only: the browser gets the result, and no zod. */
export function retiredProductOf(body: { code: string; details?: unknown } | undefined): RetiredProduct | null {
  if (body?.code !== 'PRODUCT_RETIRED') return null;
  const parsed = retiredSchema.safeParse(body.details);
  return parsed.success ? parsed.data : null;
}
