import type { UpdateUserSessionBody, UserSession } from '@charms/contracts/session';
import { type ShopperPrefs, toShopperPrefs } from './shopper-prefs';

/** The spec's local storage keys: the whole session, and its id on its own. */
export const SESSION_KEY = 'user-session';
export const SESSION_ID_KEY = 'user-session-id';

const V4_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A stored session id is trusted only if it is a version 4 UUID. */
export function isV4Uuid(value: unknown): value is string {
  return typeof value === 'string' && V4_UUID.test(value);
}

export interface SessionApi {
  create: (body: ShopperPrefs) => Promise<UserSession>;
  /** PUT /user-session: null when the server does not know the id (404). */
  update: (id: string, body: UpdateUserSessionBody) => Promise<UserSession | null>;
  /** GET /user-session/{id}: null when the server does not know the id (404). */
  get: (id: string) => Promise<UserSession | null>;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The session id mirrored in a cookie of the same name as its local storage key, so server-rendered bag pages and
 * their forms without JavaScript act for the same shopper (see shopper-id.server.ts). SameSite=Lax; Secure when
 * the page is HTTPS. Not HttpOnly: the page's script writes it from local storage, where the spec keeps the id and
 * where any script on the page can read it anyway, and reads it to adopt a session a form started without JavaScript.
 */
export function serializeSessionCookie(id: string, secure: boolean): string {
  return `${SESSION_ID_KEY}=${id}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored session, or null when there is none or its id is not a v4 UUID. */
export function readStoredSession(storage: KeyValueStorage): UserSession | null {
  try {
    const id = storage.getItem(SESSION_ID_KEY);
    const stored = JSON.parse(storage.getItem(SESSION_KEY) ?? 'null') as Partial<UserSession> | null;
    const sessionId = isV4Uuid(id) ? id : isV4Uuid(stored?.id) ? stored.id : null;
    if (!sessionId || !stored || typeof stored !== 'object') return null;
    return {
      id: sessionId,
      metalId: Number(stored.metalId),
      braceletSize: Number(stored.braceletSize),
      productId: typeof stored.productId === 'number' ? stored.productId : null,
      productsOrderBy: stored.productsOrderBy ?? 'Name',
    };
  } catch {
    return null;
  }
}

export function saveSession(storage: KeyValueStorage, session: UserSession): void {
  try {
    storage.setItem(SESSION_KEY, JSON.stringify(session));
    storage.setItem(SESSION_ID_KEY, session.id);
  } catch {
    // Storage can be full or switched off (private windows): the session then lasts as long as the page.
  }
}

/**
 * The spec's load: use the stored session when its id is a valid v4 UUID; otherwise adopt the session the server
 * created for a form posted without JavaScript (its id is in the cookie) when the server still knows it; otherwise
 * create one on the server (with the prefs the pages were rendered with, so nothing on screen changes) and store it.
 *
 * One case before the stored session: a cookie naming another session the server knows. The page's script writes
 * the cookie from storage, so only the server made that one, and it holds the shopper's bag: a form posted without
 * JavaScript, or an add after the stored session was removed for long disuse (the server then starts a new one).
 */
export async function loadSession(storage: KeyValueStorage, api: SessionApi, prefs: ShopperPrefs, cookieId: string | null = null): Promise<UserSession> {
  const stored = readStoredSession(storage);
  if (stored && isV4Uuid(cookieId) && cookieId !== stored.id) {
    // Asking costs nothing the page needs: when the call fails, the stored session stays.
    const started = await api.get(cookieId).catch(() => null);
    if (started) {
      saveSession(storage, started);
      return started;
    }
  }
  if (stored) return stored;
  if (isV4Uuid(cookieId)) {
    const known = await api.get(cookieId);
    if (known) {
      saveSession(storage, known);
      return known;
    }
  }
  const created = await api.create(prefs);
  saveSession(storage, created);
  return created;
}

/**
 * The spec's update: send the new values, store the session the server returns. A session the server no longer
 * knows (removed after long disuse) is replaced by a new one with the shopper's choices and these changes.
 */
export async function updateSession(
  storage: KeyValueStorage,
  api: SessionApi,
  id: string,
  changes: UpdateUserSessionBody,
  prefs: ShopperPrefs,
): Promise<UserSession> {
  const updated = (await api.update(id, changes)) ?? (await api.create(toShopperPrefs({ ...prefs, ...changes })));
  saveSession(storage, updated);
  return updated;
}
