import { expect, test } from '@playwright/test';

/**
 * Addresses with NUL, other control characters or escapes that decode to no text (half a surrogate pair,
 * overlong UTF-8) are someone probing the shop: each gets a not-found or bad-address page, never an error page.
 */
const NOT_FOUND = [
  '/%00',
  '/faq%00',
  '/products/search/%00',
  '/products/search/a%01b',
  '/products/search/heart?q=%00',
  '/products/category/%00',
  '/products/category/14k-gold/%00',
  '/categories/%00',
  '/categories/14k-gold/Dog%00-Charms',
  '/products/dog-charms/sterling-silver/%00/1',
  '/order/confirmation/CB-100001?token=%00',
];
const BAD_ADDRESS = ['/%ED%A0%80', '/%C0%80', '/products/search/%ED%B0%80', '/categories/%ED%A0%80'];

test('hostile storefront paths answer 404 or 400 pages, not 500', async ({ request }) => {
  for (const path of NOT_FOUND) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('<title>');
  }
  for (const path of BAD_ADDRESS) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toContain('Bad address');
  }
});

test('hostile query values are dropped or redirected, never a 500', async ({ request }) => {
  for (const path of ['/?x=%00', '/order?x=%ED%A0%80', '/products/search?q=%00', '/products/search?q=%ED%A0%80', '/products/category/Dog-Charms?page=%00', '/products/category/Dog-Charms?orderBy=%00']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
  }
});

test('the API answers a path that decodes to no text in its error shape', async ({ request }) => {
  const response = await request.get('/api/shopping-cart/add/promo-code/%ED%A0%80');
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({ error: { code: 'BAD_URL', message: 'This address contains characters that are not valid text.' } });
});
