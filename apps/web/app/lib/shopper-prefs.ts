import { findMetalById, type MetalId, DEFAULT_METAL_ID } from '@charms/domain/metals';
import {
  type BraceletSize,
  DEFAULT_BRACELET_SIZE,
  DEFAULT_PRODUCT_ORDER,
  PRODUCT_ORDERS,
  type ProductOrder,
  isBraceletSize,
} from '@charms/domain/session-options';

/**
 * The shopper's choices that change what pages show (metal -> prices, bracelet size, sort order), mirrored from
 * the session in local storage into a cookie so that server-rendered pages use them from the first byte (no flash
 * of prices in the wrong metal). The cookie carries no identity: the session id stays in local storage.
 */
export interface ShopperPrefs {
  metalId: MetalId;
  braceletSize: BraceletSize;
  productsOrderBy: ProductOrder;
}

export const PREFS_COOKIE = 'shopper-prefs';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const DEFAULT_PREFS: ShopperPrefs = {
  metalId: DEFAULT_METAL_ID,
  braceletSize: DEFAULT_BRACELET_SIZE,
  productsOrderBy: DEFAULT_PRODUCT_ORDER,
};

/** Takes what is valid from loose input (a cookie, a form, a stored session) and the defaults for the rest. */
export function toShopperPrefs(input: { metalId?: unknown; braceletSize?: unknown; productsOrderBy?: unknown }): ShopperPrefs {
  const metal = findMetalById(Number(input.metalId));
  const size = Number(input.braceletSize);
  const order = String(input.productsOrderBy);
  return {
    metalId: metal ? metal.id : DEFAULT_PREFS.metalId,
    braceletSize: isBraceletSize(size) ? size : DEFAULT_PREFS.braceletSize,
    productsOrderBy: (PRODUCT_ORDERS as readonly string[]).includes(order) ? (order as ProductOrder) : DEFAULT_PREFS.productsOrderBy,
  };
}

/** Finds one cookie's value in a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function parsePrefsCookie(value: string | undefined): ShopperPrefs {
  if (!value) return DEFAULT_PREFS;
  return toShopperPrefs(Object.fromEntries(new URLSearchParams(value)));
}

/** For loaders: the shopper's metal, bracelet size and sort order, from the request's cookie or the defaults. */
export function readShopperPrefs(request: Request): ShopperPrefs {
  return parsePrefsCookie(readCookie(request.headers.get('cookie'), PREFS_COOKIE));
}

/**
 * The Set-Cookie value (or document.cookie assignment) that stores the prefs for a year; Secure when the page is
 * HTTPS. Not HttpOnly: the page's script rewrites it whenever the session changes (it holds nothing secret).
 */
export function serializePrefsCookie(prefs: ShopperPrefs, secure: boolean): string {
  return `${prefsCookiePair(prefs)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** `shopper-prefs=...`: the cookie as a Cookie header names it, in one spelling for each set of prefs. */
export function prefsCookiePair(prefs: ShopperPrefs): string {
  const value = new URLSearchParams({
    metalId: String(prefs.metalId),
    braceletSize: String(prefs.braceletSize),
    productsOrderBy: prefs.productsOrderBy,
  }).toString();
  return `${PREFS_COOKIE}=${encodeURIComponent(value)}`;
}

export function samePrefs(a: ShopperPrefs, b: ShopperPrefs): boolean {
  return a.metalId === b.metalId && a.braceletSize === b.braceletSize && a.productsOrderBy === b.productsOrderBy;
}
