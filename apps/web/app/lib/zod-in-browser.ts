/**
 * What `zod` is in the browser build (vite.config.ts aliases it here): zod itself, switched to `jitless` before
 * any module that imports it can build a schema. The page's Content-Security-Policy allows no eval; zod would
 * otherwise try `Function('')` when its first object schema is built, to decide whether it may compile its
 * parsers, and the browser reports that as a violation. Being the module every browser import of `zod` resolves
 * to, this runs first on every page that uses zod at all (the checkout form, the staff pages), whichever of their
 * modules loads first, and pages that build no schema download no zod. The server (which also runs the API) keeps
 * zod's compiled parsers: it imports zod directly.
 */
import { config, z } from 'zod/v4';

// The guard keeps the development server (which resolves `zod` here for its server side too) on compiled parsers.
if (typeof document !== 'undefined') config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
