import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { shouldRevalidate } from './root';

const PRODUCT = 'http://shop.test/products/heart-charms/sterling-silver/heart-key-charm/1838';

/** What React Router asks the root after a form post or a move from `from` to `to`. */
function ask(from: string, to: string, form?: { action: string; method?: string }): boolean {
  const args = {
    currentUrl: new URL(from),
    nextUrl: new URL(to),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...(form ? { formAction: form.action, formMethod: form.method ?? 'POST' } : {}),
  } as ShouldRevalidateFunctionArgs;
  return shouldRevalidate(args);
}

describe('when the root data (store, menu, prefs) reloads', () => {
  it('not after the storefront’s forms: the bag’s count is the bag summary’s own to reload', () => {
    expect(ask(PRODUCT, PRODUCT, { action: new URL(PRODUCT).pathname })).toBe(false);
    expect(ask('http://shop.test/order', 'http://shop.test/order', { action: '/order' })).toBe(false);
    expect(ask('http://shop.test/order/process', 'http://shop.test/order/confirmation/CB-1', { action: '/order/process' })).toBe(false);
  });

  it('after the prefs form, whose cookie it reads', () => {
    expect(ask('http://shop.test/rembrandt-charms', 'http://shop.test/rembrandt-charms', { action: '/preferences' })).toBe(true);
  });

  it('after a staff page’s form, which may change the store’s settings', () => {
    expect(ask('http://shop.test/admin/settings', 'http://shop.test/admin/settings', { action: '/admin/settings' })).toBe(true);
  });

  it('on a revalidation of the same page (a changed metal), and between the storefront and the staff pages', () => {
    expect(ask(PRODUCT, PRODUCT)).toBe(true);
    expect(ask('http://shop.test/', 'http://shop.test/admin')).toBe(true);
  });

  it('not when moving from one storefront page to another', () => {
    expect(ask('http://shop.test/', PRODUCT)).toBe(false);
  });
});
