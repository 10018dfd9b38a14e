import { expect, test } from '@playwright/test';
import { PRODUCTS } from './support/bag';
import { ShopperBag, waitForHydration } from './support/checkout';

/**
 * What a storefront page's scripts do while it loads and hydrates, watched in the browser. A browser's first Intl
 * formatter (a NumberFormat, a DateTimeFormat, or toLocaleString, which makes one) loads ICU's locale data: 60-90 ms
 * of a phone's main thread in Lighthouse's mobile emulation, in one task, which is most of a page's total blocking
 * time (decision 0053). The storefront writes its numbers and dates by hand (formatCount in @charms/domain/money, catalog/ship-date.ts),
 * so no page should make one until a shopper acts.
 */

/** Wraps every Intl constructor and the toLocale* methods before any page script runs, counting their calls. */
function countIntlUse() {
  const calls: string[] = [];
  (window as unknown as { intlCalls: string[] }).intlCalls = calls;
  const intl = Intl as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(Intl)) {
    const original = intl[name];
    if (typeof original !== 'function') continue;
    intl[name] = new Proxy(original as (...args: unknown[]) => unknown, {
      construct(target, args, newTarget) {
        calls.push(`new Intl.${name}`);
        return Reflect.construct(target, args, newTarget);
      },
      apply(target, thisArg, args) {
        calls.push(`Intl.${name}`);
        return Reflect.apply(target, thisArg, args);
      },
    });
  }
  const methods: [object, string, string][] = [
    [Number.prototype, 'toLocaleString', 'Number'],
    [Date.prototype, 'toLocaleString', 'Date'],
    [Date.prototype, 'toLocaleDateString', 'Date'],
    [Date.prototype, 'toLocaleTimeString', 'Date'],
    [String.prototype, 'localeCompare', 'String'],
    [Array.prototype, 'toLocaleString', 'Array'],
  ];
  for (const [prototype, name, owner] of methods) {
    const original = (prototype as Record<string, (...args: unknown[]) => unknown>)[name]!;
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value: function (this: unknown, ...args: unknown[]) {
        calls.push(`${owner}.prototype.${name}`);
        return original.apply(this, args);
      },
    });
  }
}

const PAGES = {
  home: '/',
  category: '/categories/Animal-Charms',
  'a category past its first page': '/categories/Animal-Charms?page=2',
  search: '/products/search/heart',
  product: PRODUCTS.engravableCharm.path('sterling-silver'),
  'the bag': '/order',
  checkout: '/order/process',
};

test('storefront pages make no Intl formatter while they load and hydrate', async ({ page }) => {
  const bag = await new ShopperBag(page).start();
  await bag.add({ search: 'Heart Key' });
  await bag.add({ search: 'Engravable Heart Padlock', engraving: { text: 'Ann', font: 'script' } });
  await page.addInitScript(countIntlUse);
  for (const [name, path] of Object.entries(PAGES)) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // The wrapper is in place (a call made here is counted), so an empty list means none was made.
    const counted = await page.evaluate(() => {
      const before = (window as unknown as { intlCalls: string[] }).intlCalls.slice();
      (1234).toLocaleString('en-US');
      return { before, after: (window as unknown as { intlCalls: string[] }).intlCalls.length };
    });
    expect(counted.after, name).toBe(counted.before.length + 1);
    expect(counted.before, `${name} (${path})`).toEqual([]);
  }
});
