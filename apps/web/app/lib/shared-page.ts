/**
 * The `handle` of a route whose page is the same for every shopper with the same prefs (metal, bracelet length,
 * sort order): catalog, content and landing pages. The server may then keep its page in the page cache
 * (server/page-policy.ts) and renders it from an anonymous copy of the request: its loaders see no cookie but the
 * shopper-prefs cookie, so the root shows an empty bag and nothing personal can be in it. A route whose page shows
 * anything of the shopper's own (their bag, an order, a form's answer) must not carry it.
 *
 *     export const handle = sharedPage;
 */
export const sharedPage = { sharedPage: true } as const;

export function isSharedPage(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { sharedPage?: unknown }).sharedPage === true;
}
