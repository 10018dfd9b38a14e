import type { ApiClient } from './api-client';
import { readCookie, readShopperPrefs } from './shopper-prefs';
import { isHttps } from './https';
import { SESSION_ID_KEY, isV4Uuid, serializeSessionCookie } from './session-store';

/**
 * The shopper's session id on the server. The browser keeps it in local storage (the spec) and mirrors it in this
 * cookie, so server-rendered bag and checkout pages, and their forms without JavaScript, act for the same shopper.
 * SameSite=Lax: a page on another site cannot post a form with it; actions also check the Origin header.
 */
export const SESSION_COOKIE = SESSION_ID_KEY;

export function readSessionId(request: Request): string | null {
  const value = readCookie(request.headers.get('cookie'), SESSION_COOKIE);
  return isV4Uuid(value) ? value : null;
}

// The browser writes the same cookie (shopper-session.tsx), so the one serializer lives with the browser's store.
export { serializeSessionCookie };

/** The session id, creating a session (with the shopper's prefs) when the browser has none yet. */
export async function ensureSessionId(request: Request, api: ApiClient): Promise<{ sessionId: string; setCookie: string | null }> {
  const existing = readSessionId(request);
  if (existing) return { sessionId: existing, setCookie: null };
  return startSession(request, api);
}

/**
 * A new session (with the shopper's prefs) and its cookie: for a browser with none, or whose session the server no
 * longer knows (sessions unused for long are removed, apps/api/src/services/user-sessions.ts).
 */
export async function startSession(request: Request, api: ApiClient): Promise<{ sessionId: string; setCookie: string }> {
  const session = await api.createSession(readShopperPrefs(request));
  return { sessionId: session.id, setCookie: serializeSessionCookie(session.id, isHttps(request.url)) };
}

/** Form posts that change a bag must come from the shop's own pages. */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true; // Same-origin form posts from old browsers, and non-browser clients, send none.
  return origin === new URL(request.url).origin;
}
