import type { UpdateUserSessionBody, UserSession } from '@charms/contracts/session';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useBagSummaryLoader } from '../bag/bag-summary';
import { isHttps } from '../lib/https';
import { browserSessionApi } from '../lib/session-api';
import { installSessionHeader } from '../lib/session-fetch';
import { SESSION_ID_KEY, type SessionApi, isV4Uuid, loadSession, saveSession, serializeSessionCookie, updateSession } from '../lib/session-store';
import { type ShopperPrefs, readCookie, samePrefs, serializePrefsCookie, toShopperPrefs } from '../lib/shopper-prefs';

/**
 * The shopper's session in the browser (spec sections 3, 4, 6). Pages read `prefs` (rendered on the server from
 * the prefs cookie, so the first paint is already right) and call `update` to change the metal, bracelet size,
 * sort order or last product: it PUTs the change, stores the session, rewrites the cookie and reloads the page's
 * data so server-priced content follows. Once the session is known (its id in the cookie), it loads the bag's
 * summary for the header and mini-bag (bag/bag-summary.ts): pages themselves carry nothing of the shopper's bag.
 */
export interface ShopperSessionValue {
  /** What pages render with: from the cookie on the server, from the session once loaded. */
  prefs: ShopperPrefs;
  /** The stored or new session; null until loaded (or if the API could not be reached). */
  session: UserSession | null;
  /** The spec's loaded flag. */
  loaded: boolean;
  update: (changes: UpdateUserSessionBody) => Promise<void>;
}

const ShopperSessionContext = createContext<ShopperSessionValue | null>(null);

export function useShopperSession(): ShopperSessionValue {
  const value = useContext(ShopperSessionContext);
  if (!value) throw new Error('useShopperSession must be used inside <ShopperSessionProvider>');
  return value;
}

interface ProviderProps {
  initialPrefs: ShopperPrefs;
  children: React.ReactNode;
  /** Tests pass their own (the same ones on every render); the browser uses window.fetch, localStorage and document.cookie. */
  api?: SessionApi;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  writeCookie?: (cookie: string) => void;
  /** The Cookie header as the page sees it (document.cookie in the browser). */
  readCookies?: () => string;
}

export function ShopperSessionProvider({ initialPrefs, children, api, storage, writeCookie, readCookies }: ProviderProps) {
  const [session, setSession] = useState<UserSession | null>(null);
  const [prefs, setPrefs] = useState(initialPrefs);
  const sessionIdRef = useRef<string | null>(null);
  const prefsRef = useRef(initialPrefs);
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const loadBagSummary = useBagSummaryLoader();

  // Browser objects exist only after hydration: resolve them when first used, never during server rendering.
  const deps = useMemo(
    () => ({
      get api() {
        return api ?? browserSessionApi((input, init) => window.fetch(input, init));
      },
      get storage() {
        return storage ?? window.localStorage;
      },
      writeCookie: writeCookie ?? ((cookie: string) => {
        document.cookie = cookie;
      }),
      // Cookies are Secure on an HTTPS page, as the server writes them.
      secure: () => isHttps(window.location.href),
      cookieSessionId: () => {
        const value = readCookie(readCookies ? readCookies() : document.cookie, SESSION_ID_KEY);
        return isV4Uuid(value) ? value : null;
      },
    }),
    [api, storage, writeCookie, readCookies],
  );

  const adopt = useCallback(
    (next: UserSession) => {
      sessionIdRef.current = next.id;
      setSession(next);
      // The server reads the bag through the session cookie: keep it in step with local storage (the spec's store).
      const cookieId = deps.cookieSessionId();
      if (cookieId !== next.id) deps.writeCookie(serializeSessionCookie(next.id, deps.secure()));
      // The cookie named another session: a bag or checkout page rendered for that one's bag is reloaded.
      const otherBag = cookieId !== null && cookieId !== next.id;
      const nextPrefs = toShopperPrefs(next);
      deps.writeCookie(serializePrefsCookie(nextPrefs, deps.secure()));
      const changed = !samePrefs(prefsRef.current, nextPrefs);
      prefsRef.current = nextPrefs;
      setPrefs(nextPrefs);
      // Pages priced on the server in another metal are fetched again (and the bag summary with them, once loaded).
      if (changed || otherBag) void revalidateRef.current();
    },
    [deps],
  );

  useEffect(() => {
    // Every request to our own origin carries the session id; other hosts never see it.
    const restore = installSessionHeader(window, {
      sessionId: () => sessionIdRef.current,
      ownOrigins: [window.location.origin],
      baseUrl: window.location.href,
    });
    let cancelled = false;
    const cookieAtStart = deps.cookieSessionId();
    loadSession(deps.storage, deps.api, prefsRef.current, cookieAtStart)
      .then(async (loadedSession) => {
        // A form posted while the session was loading made the server start one and set its cookie: that session
        // holds what was just added to the bag, so it wins over the one created here.
        const cookieNow = deps.cookieSessionId();
        if (cookieNow && cookieNow !== cookieAtStart && cookieNow !== loadedSession.id) {
          const posted = await deps.api.get(cookieNow);
          if (posted) {
            saveSession(deps.storage, posted);
            return posted;
          }
        }
        return loadedSession;
      })
      .then((loadedSession) => {
        if (!cancelled) adopt(loadedSession);
      })
      .catch((error: unknown) => {
        // The spec swallows session failures: the shop works on, with the cookie's prefs.
        console.warn('The shopper session could not be loaded', error);
      })
      .finally(() => {
        // The cookie now names the session whose bag the header shows. From here React Router reloads the summary
        // after every form post and every revalidation.
        if (!cancelled) void loadBagSummary();
      });
    return () => {
      cancelled = true;
      restore();
    };
  }, [deps, adopt, loadBagSummary]);

  const update = useCallback(
    async (changes: UpdateUserSessionBody) => {
      const id = sessionIdRef.current;
      if (!id) {
        // No session yet (API unreachable): keep the choice in the cookie so pages still follow it.
        const nextPrefs = toShopperPrefs({ ...prefsRef.current, ...changes });
        deps.writeCookie(serializePrefsCookie(nextPrefs, deps.secure()));
        prefsRef.current = nextPrefs;
        setPrefs(nextPrefs);
        await revalidateRef.current();
        return;
      }
      try {
        adopt(await updateSession(deps.storage, deps.api, id, changes, prefsRef.current));
      } catch (error) {
        console.warn('The shopper session could not be updated', error);
      }
    },
    [deps, adopt],
  );

  const value = useMemo(() => ({ prefs, session, loaded: session !== null, update }), [prefs, session, update]);
  return <ShopperSessionContext.Provider value={value}>{children}</ShopperSessionContext.Provider>;
}
