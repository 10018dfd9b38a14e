import { z } from 'zod';

/**
 * The query of a call that takes none: any parameter is refused (400, "x is not a field this call accepts"). The
 * catalog's answer cache keeps answers by their address, so an ignored parameter (`?x=1`, `?x=2`, ...) would make a
 * new address, and a new database read, of every request (decision 0052).
 */
export const noQuerySchema = z.strictObject({});
