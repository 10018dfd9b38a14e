/**
 * Whether a page's address is HTTPS: then its cookies are sent over HTTPS only (Secure). On the server this is the
 * request's URL, whose protocol follows X-Forwarded-Proto only when TRUST_PROXY says a proxy sets it; in the browser,
 * the page's location.
 */
export function isHttps(url: string): boolean {
  return new URL(url).protocol === 'https:';
}
