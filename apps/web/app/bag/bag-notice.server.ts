import { readCookie } from '../lib/shopper-prefs';
import type { BagResult } from './bag-result';

/**
 * Without JavaScript a bag form posts, and the action redirects back (post/redirect/get) with its message in this
 * cookie for one minute; the page reads it once and clears it. HttpOnly: only the server needs it.
 */
const NOTICE_COOKIE = 'bag-notice';

export function noticeCookie(result: Pick<BagResult, 'intent' | 'ok' | 'message'>): string {
  const value = encodeURIComponent(JSON.stringify({ intent: result.intent, ok: result.ok, message: result.message.slice(0, 500) }));
  return `${NOTICE_COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

/** The notice left for this request, and the Set-Cookie that clears it (null when there was none). */
export function takeNotice(request: Request): { notice: BagResult | null; clear: string | null } {
  const raw = readCookie(request.headers.get('cookie'), NOTICE_COOKIE);
  if (!raw) return { notice: null, clear: null };
  const clear = `${NOTICE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  try {
    const parsed = JSON.parse(raw) as Partial<BagResult>;
    if (typeof parsed.intent !== 'string' || typeof parsed.message !== 'string') return { notice: null, clear };
    return { notice: { intent: parsed.intent, ok: parsed.ok === true, message: parsed.message }, clear };
  } catch {
    return { notice: null, clear };
  }
}
