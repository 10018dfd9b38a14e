import { z } from 'zod';

/**
 * The page's Content-Security-Policy allows no eval. Zod (the contracts, which the checkout form checks in the
 * browser) would otherwise try `Function('')` when its first schemas are built, to decide whether it may compile
 * its parsers, and the browser reports that as a violation. root.tsx imports this first, so it runs before any
 * route module builds a schema. Only in the browser: the server (which also runs the API) keeps zod's compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
