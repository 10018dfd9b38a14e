import { expect, test } from '@playwright/test';
import { ListingPage, ProductPage, searchFromHeader } from './support/catalog';

/** The catalog on a phone (also run at desktop size): nothing wider than the screen, everything reachable. */

async function fitsTheScreen(page: import('@playwright/test').Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('a listing fits the screen, with its metal, sort and page controls in reach', async ({ page }) => {
  const listing = new ListingPage(page);
  await listing.open('/products/category/Dog-Charms');
  await fitsTheScreen(page);
  await expect(listing.cards.first().locator('img')).toBeVisible();
  await listing.chooseMetal('Gold Plate');
  await expect(listing.summary()).toContainText('in Gold Plate');
  await listing.sortBy('Price: low to high');
  await expect(page).toHaveURL(/orderBy=PriceLowHigh/);
  await listing.goToPage('Next');
  await expect(page).toHaveURL(/page=2/);
  await fitsTheScreen(page);
});

test('a product page fits the screen and switches metal', async ({ page }) => {
  const listing = new ListingPage(page);
  await listing.open('/products/category/Charm-Bracelets');
  const [name] = await listing.names();
  await listing.openProduct(name!);
  await fitsTheScreen(page);
  const product = new ProductPage(page);
  await product.chooseMetal('14k Gold');
  await expect(page).toHaveURL(/\/14k-gold\/7-inch\//);
  await fitsTheScreen(page);
});

test('searching with a typo from the header finds dog charms', async ({ page }) => {
  await page.goto('/');
  await searchFromHeader(page, 'dgo');
  await expect(page).toHaveURL(/\/products\/search\/dgo$/);
  await expect(page.getByText('Showing results for dog (no results for dgo).')).toBeVisible();
  await fitsTheScreen(page);
});
