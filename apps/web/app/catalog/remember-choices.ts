import type { UpdateUserSessionBody } from '@charms/contracts/session';
import { type ProductOrder, isBraceletSize } from '@charms/domain/session-options';
import { useEffect } from 'react';
import { useShopperSession } from '../components/shopper-session';
import { isHttps } from '../lib/https';
import { type ShopperPrefs, samePrefs, serializePrefsCookie, toShopperPrefs } from '../lib/shopper-prefs';

/**
 * What a catalog URL states about the shopper's choices (a metal in the path, ?orderBy, ?size, a bracelet's length).
 * The URL is the shopper's latest choice, so it is remembered: the listings and pages they open next use it.
 */
export interface StatedChoices {
  metalId?: number;
  braceletSize?: number;
  productsOrderBy?: ProductOrder;
}

/**
 * For loaders: the Set-Cookie header that stores the stated choices in the prefs cookie, when they differ from it.
 * Without JavaScript this is how a choice persists; with it, `useRememberChoices` also updates the session.
 */
export function rememberChoicesHeaders(request: Request, current: ShopperPrefs, stated: StatedChoices): HeadersInit | undefined {
  const next = toShopperPrefs({ ...current, ...definedOnly(stated) });
  return samePrefs(current, next) ? undefined : { 'set-cookie': serializePrefsCookie(next, isHttps(request.url)) };
}

/**
 * In the browser: once the session is loaded, puts the page's stated choices into it (PUT /api/user-session),
 * which also rewrites the prefs cookie. It waits for the session so it does not race the session's own load.
 */
export function useRememberChoices(stated: StatedChoices): void {
  const { prefs, loaded, update } = useShopperSession();
  const changes: UpdateUserSessionBody = {};
  if (stated.metalId !== undefined && stated.metalId !== prefs.metalId) changes.metalId = stated.metalId;
  if (stated.braceletSize !== undefined && isBraceletSize(stated.braceletSize) && stated.braceletSize !== prefs.braceletSize) changes.braceletSize = stated.braceletSize;
  if (stated.productsOrderBy !== undefined && stated.productsOrderBy !== prefs.productsOrderBy) changes.productsOrderBy = stated.productsOrderBy;
  const key = loaded && Object.keys(changes).length > 0 ? JSON.stringify(changes) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one update per distinct change; `key` encodes it
  useEffect(() => {
    if (key) void update(JSON.parse(key) as UpdateUserSessionBody);
  }, [key]);
}

function definedOnly(stated: StatedChoices): StatedChoices {
  return Object.fromEntries(Object.entries(stated).filter(([, value]) => value !== undefined));
}

/**
 * A product page is in one metal and length, but opening it (from a search engine, an email, a shared link) is not
 * the shopper choosing them: only the page's own metal and length links are. Those links say so, with JavaScript in
 * the navigation's state, without it in a query parameter that the loader turns into the prefs cookie and then drops.
 */
const CHOSEN_PARAM = 'chosen';
const CHOSEN_STATE = { chosen: true } as const;

/** The props of a link that is the shopper's choice of metal or length. */
export function choiceLink(path: string, hydrated: boolean): { to: string; state?: typeof CHOSEN_STATE } {
  return hydrated ? { to: path, state: CHOSEN_STATE } : { to: `${path}?${CHOSEN_PARAM}=1` };
}

/** Whether the page was reached by one of those links, with JavaScript. */
export function isChosenNavigation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { chosen?: unknown }).chosen === true;
}

/** For loaders: the address without the choice marker when it carries one (the page redirects there), else null. */
export function withoutChoiceMarker(url: URL): string | null {
  if (!url.searchParams.has(CHOSEN_PARAM)) return null;
  const search = new URLSearchParams(url.search);
  search.delete(CHOSEN_PARAM);
  const rest = search.toString();
  return `${url.pathname}${rest ? `?${rest}` : ''}`;
}
