import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, parsePrefsCookie, readShopperPrefs, serializePrefsCookie } from './shopper-prefs';

// happy-dom's Request drops the Cookie header as a browser would; loaders run on the server, where it is kept.
const requestWithCookie = (cookie: string | null) =>
  ({ headers: { get: (name: string) => (name === 'cookie' ? cookie : null) } }) as unknown as Request;

describe('shopper prefs cookie', () => {
  it('round-trips the metal, bracelet size and sort order', () => {
    const prefs = { metalId: 10, braceletSize: 7.5, productsOrderBy: 'PriceLowHigh' } as const;
    const cookie = serializePrefsCookie(prefs, false);
    expect(cookie).toMatch(/^shopper-prefs=[^;]+; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(readShopperPrefs(requestWithCookie(`other=1; ${cookie.split(';')[0]}`))).toEqual(prefs);
  });

  it('is sent over HTTPS only when the page is HTTPS', () => {
    expect(serializePrefsCookie(DEFAULT_PREFS, true)).toMatch(/; SameSite=Lax; Secure$/);
    expect(serializePrefsCookie(DEFAULT_PREFS, false)).not.toContain('Secure');
  });

  it('falls back to the defaults (metal 40, size 7, Name) for anything missing or invalid', () => {
    expect(readShopperPrefs(requestWithCookie(null))).toEqual(DEFAULT_PREFS);
    expect(DEFAULT_PREFS).toEqual({ metalId: 40, braceletSize: 7, productsOrderBy: 'Name' });
    expect(parsePrefsCookie('metalId=99&braceletSize=12&productsOrderBy=Cheapest')).toEqual(DEFAULT_PREFS);
    expect(parsePrefsCookie('metalId=20')).toEqual({ ...DEFAULT_PREFS, metalId: 20 });
  });
});
