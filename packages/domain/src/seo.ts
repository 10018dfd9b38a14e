/**
 * Joins the store's base address with a canonical path and collapses double slashes in the path part,
 * as the original storefront does ("https://shop.example/" + "/faq" -> "https://shop.example/faq").
 */
export function canonicalHref(baseUrl: string, path: string): string {
  const base = new URL(baseUrl);
  const joined = `${base.pathname}/${path}`.replace(/\/{2,}/g, '/');
  return `${base.origin}${joined}`;
}
