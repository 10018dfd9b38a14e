import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  /** Where rate limits are counted: `database-fallback` means REDIS_URL is set but Redis is unreachable. */
  rateLimits: z.enum(['redis', 'database', 'database-fallback']),
});
