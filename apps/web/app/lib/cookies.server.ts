import { type Cookie, createCookie } from 'react-router';

/**
 * The cookies only the server writes and reads, signed with the shop's cookie secret (kept in the database, the
 * same on every instance): a value another page or a sibling host plants is ignored. The session id and prefs
 * cookies are not here: the page's own script writes them too (see shopper-prefs.ts), so they cannot be signed.
 */
export interface StorefrontCookies {
  /** A bag form's message after a post without JavaScript, for the page it redirects to (bag-notice.server.ts). */
  bagNotice: Cookie;
}

export function createStorefrontCookies(secret: string): StorefrontCookies {
  return {
    bagNotice: createCookie('bag-notice', { path: '/', maxAge: 60, httpOnly: true, sameSite: 'lax', secrets: [secret] }),
  };
}
