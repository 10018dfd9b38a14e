import { type RouteObject, type ServerBuild, matchRoutes } from 'react-router';
import { isSharedPage } from '../app/lib/shared-page';
import { DEFAULT_PREFS, PREFS_COOKIE, type ShopperPrefs, parsePrefsCookie, prefsCookiePair, samePrefs } from '../app/lib/shopper-prefs';

/**
 * Cookies that carry a one-time message for this shopper's next page (the bag's notice after an add without
 * JavaScript; an old newsletter cookie, which the page clears): a request with one is answered personally.
 */
const ONE_TIME_COOKIES = new Set(['bag-notice', 'newsletter-email']);

/**
 * How many addresses' matched routes the policy keeps, and the longest address it keeps (the shop's own are under
 * 200 characters): a few MB at most, however long the addresses a client makes up.
 */
const MATCHES_KEPT = 5_000;
const KEPT_PATH_MAX_LENGTH = 512;

/** A request that may be answered with a shared page, and the anonymous request that page is rendered from. */
export interface SharedPageRequest {
  /** Method class, protocol, prefs and address: everything a shared page's render reads from its request. */
  key: string;
  path: string;
  /** The Cookie header of the anonymous request: the prefs cookie, spelled one way, or none for the defaults. */
  cookie: string | null;
  /** Whether the prefs are the defaults: the one variant a shared cache (a CDN), which cannot see cookies, may keep. */
  defaultPrefs: boolean;
}

interface IncomingRequest {
  method: string;
  /** Path and query, as the request line has them. */
  url: string;
  protocol: string;
  headers: { cookie?: string | undefined };
}

/**
 * Which requests get a shared page, decided before anything renders:
 * - GET or HEAD, without a one-time cookie;
 * - a page whose routes, below the root, all carry the `sharedPage` handle (app/lib/shared-page.ts);
 * - for React Router's data requests (`.data`, client navigations), the root's data only if the root route shares too
 *   (a document always has it, rendered from the anonymous request; a data answer with it is the root's loader's
 *   own answer, which is shared only when the root says so).
 * The page is then rendered from an anonymous request (`anonymousRequest`): no cookie but the prefs, no
 * Authorization, the shop's own host whatever Host the client sent.
 */
export function sharedPagePolicy(build: ServerBuild) {
  const routes = routeTree(build.routes);
  const manifestPath = build.routeDiscovery.mode === 'lazy' ? build.routeDiscovery.manifestPath : null;
  /**
   * The routes below the root that match each address asked for lately (null: none). matchRoutes flattens and ranks
   * the whole route tree on every call, about 0.4 ms of CPU here, on every page that is not served from the cache.
   * Bounded: emptied when full, so a flood of made-up addresses costs only the matching it would have cost anyway.
   */
  const matched = new Map<string, string[] | null>();
  const routesBelowRoot = (pathname: string): string[] | null => {
    let ids = matched.get(pathname);
    if (ids === undefined) {
      ids = matchRoutes(routes, pathname)?.map((match) => match.route.id!).filter((id) => id !== 'root') ?? null;
      if (pathname.length <= KEPT_PATH_MAX_LENGTH) {
        if (matched.size >= MATCHES_KEPT) matched.clear();
        matched.set(pathname, ids);
      }
    }
    return ids;
  };

  return {
    /** The request's key and prefs when it may get a shared page; whether its route shares is `isShared` (on a miss). */
    candidate(request: IncomingRequest): SharedPageRequest | null {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      const cookies = cookieValues(request.headers.cookie);
      if (cookies === null) return null;
      const prefs = parsePrefsCookie(cookies.get(PREFS_COOKIE));
      const defaultPrefs = samePrefs(prefs, DEFAULT_PREFS);
      return {
        key: `GET ${request.protocol} ${variantOf(prefs)} ${request.url}`,
        path: request.url,
        cookie: defaultPrefs ? null : prefsCookiePair(prefs),
        defaultPrefs,
      };
    },

    /** Whether the address names a shared page (or its data without the root's). */
    isShared(path: string): boolean {
      let url: URL;
      try {
        url = new URL(path, 'http://shared.invalid');
      } catch {
        return false;
      }
      let pathname = url.pathname;
      if (pathname === manifestPath) return false;
      const data = pathname.endsWith('.data');
      if (data) pathname = pathname === '/_root.data' ? '/' : pathname.slice(0, -'.data'.length);
      const below = routesBelowRoot(pathname);
      const shared = (id: string) => isSharedPage(build.routes[id]?.module.handle);
      if (!below || below.length === 0 || !below.every(shared)) return false;
      if (!data) return true;
      // A data answer holds only the loaders asked for (all without _routes): the root's among them only if it shares.
      const asked = url.searchParams.get('_routes')?.split(',') ?? ['root'];
      return !asked.includes('root') || shared('root');
    },
  };
}

/** The request a shared page is rendered from: nothing of the shopper's but the prefs. */
export function anonymousRequest(shared: SharedPageRequest, origin: string): Request {
  return new Request(new URL(shared.path, origin), { method: 'GET', headers: shared.cookie ? { cookie: shared.cookie } : {} });
}

function variantOf(prefs: ShopperPrefs): string {
  return `${prefs.metalId}.${prefs.braceletSize}.${prefs.productsOrderBy}`;
}

/** Cookie names and first values; null when a one-time cookie is among them. */
function cookieValues(header: string | undefined): Map<string, string> | null {
  const values = new Map<string, string>();
  if (!header) return values;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    const name = (at === -1 ? part : part.slice(0, at)).trim();
    if (ONE_TIME_COOKIES.has(name)) return null;
    if (!values.has(name) && at !== -1) values.set(name, safeDecode(part.slice(at + 1).trim()));
  }
  return values;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

/** React Router's route manifest (a flat list with parent ids) as the nested routes matchRoutes ranks. */
function routeTree(manifest: ServerBuild['routes']): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route.index ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive });
    children.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => (route.index ? route : { ...route, children: attach(children.get(route.id) ?? []) }));
  return attach(children.get(undefined) ?? []);
}
