import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { waitForHydration } from './storefront-helpers';
import { ListingPage } from './support/catalog';

/** A listing's kind and price filters, and the whole catalog at /products, with and without JavaScript. */

/** How many products a kind option says it would show: "Engravable (57)" -> 57. */
async function optionCount(page: Page, label: string): Promise<number> {
  const name = await page.getByRole('group', { name: 'Kind' }).getByRole('radio', { name: new RegExp(`^${label} \\(\\d+\\)$`) }).evaluate((radio) => radio.parentElement!.textContent!);
  return Number(/\((\d+)\)/.exec(name)![1]);
}

async function openFilters(page: Page) {
  await page.getByText('Filter', { exact: false }).and(page.locator('summary')).click();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
}

/** The count line says how many products match, e.g. "Showing 1–48 of 57 products in Sterling Silver match your filters". */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.getByRole('status').filter({ hasText: /products? in / }).innerText();
  const match = /of (\d+) products|^(\d+) products?/.exec(text);
  return Number(match![1] ?? match![2]);
}

test.describe('with JavaScript', () => {
  test('a shopper narrows a category by kind, then by price, and pages through with the filters kept', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Heart-Charms');
    await waitForHydration(page);
    await openFilters(page);
    const engravable = await optionCount(page, 'Engravable');
    expect(engravable).toBeGreaterThan(0);

    // A kind applies as soon as it is picked.
    await page.getByRole('radio', { name: /^Engravable \(/ }).check();
    await expect(page).toHaveURL(/\/products\/category\/Heart-Charms\?kind=engravable$/);
    await expect(page.getByRole('status').filter({ hasText: 'match your filters' })).toBeVisible();
    expect(await shownTotal(page)).toBe(engravable);

    await page.getByRole('textbox', { name: 'Lowest price' }).fill('30');
    await page.getByRole('textbox', { name: 'Highest price' }).fill('60');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/kind=engravable&minPrice=30&maxPrice=60$/);
    // The address changes when the navigation starts; the narrowed cards come with its data, a moment later.
    await expect
      .poll(async () => {
        const prices = await listing.prices();
        return prices.length > 0 && prices.every((price) => price !== null && price >= 3000 && price <= 6000);
      })
      .toBe(true);

    // Sorting keeps the filters.
    await listing.sortBy('Price: high to low');
    await expect(page).toHaveURL(/orderBy=PriceHighLow/);
    await expect(page).toHaveURL(/kind=engravable/);
    await expect(page).toHaveURL(/maxPrice=60/);

    // The canonical names the listing without filters, and the filtered page asks not to be indexed, in one robots
    // tag (the tests' shop says noindex everywhere; app/lib/seo.test.ts has a shop that may be indexed).
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/products\/category\/Heart-Charms$/);
    await expect(page.locator('meta[name=robots]')).toHaveCount(1);
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /^noindex/);
  });

  test('pages keep the filters', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products?kind=charm&maxPrice=40');
    await listing.goToPage('Next');
    await expect(page).toHaveURL(/\/products\?kind=charm&maxPrice=40&page=2$/);
    expect((await listing.prices()).every((price) => price !== null && price <= 4000)).toBe(true);
  });

  test('a listing with filters open has no axe violations', async ({ browser }, testInfo) => {
    const context = await browser.newContext(testInfo.project.use);
    const page = await context.newPage();
    await page.goto('/products/category/Heart-Charms?kind=engravable&minPrice=abc');
    await waitForHydration(page);
    await expect(page.getByRole('textbox', { name: 'Lowest price' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
    await context.close();
  });

  test('a blank search in the header asks for words instead of doing nothing', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Type what you are looking for' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search charms' })).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form applies with its Apply button, to a clean, shareable address', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Heart-Charms?orderBy=PriceLowHigh');
    await openFilters(page);
    const engravable = await optionCount(page, 'Engravable');
    await page.getByRole('radio', { name: /^Engravable \(/ }).check();
    await page.getByRole('textbox', { name: 'Highest price' }).fill('60');
    await page.getByRole('button', { name: 'Apply' }).click();
    // The untouched lowest price is left out of the address.
    await expect(page).toHaveURL(/\/products\/category\/Heart-Charms\?kind=engravable&maxPrice=60&orderBy=PriceLowHigh$/);
    const prices = await listing.prices();
    expect(prices.every((price) => price !== null && price <= 6000)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a! - b!));
    expect(await shownTotal(page)).toBeLessThanOrEqual(engravable);
    await expect(page.getByRole('radio', { name: /^Engravable \(/ })).toBeChecked();
  });

  test('a price range the wrong way round is explained, not an error page', async ({ page }) => {
    const response = await page.goto('/products/category/Heart-Charms?minPrice=50&maxPrice=20');
    expect(response!.status()).toBe(200);
    await expect(page.getByText('Highest price must be at least the lowest price ($50.00).')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Highest price' })).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/products\/category\/Heart-Charms$/);
  });

  test('nothing matching says so and offers to clear the filters', async ({ page }) => {
    await page.goto('/products/category/Dog-Charms?kind=bracelet');
    await expect(page.getByRole('heading', { name: 'No products match these filters' })).toBeVisible();
    await page.getByRole('link', { name: 'clear the filters' }).click();
    await expect(page).toHaveURL(/\/products\/category\/Dog-Charms$/);
    await expect(new ListingPage(page).summary()).toHaveText('Showing 1–48 of 68 products in Sterling Silver');
  });

  test('/products lists the whole catalog with the metal, sort and filters', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products');
    await expect(listing.heading()).toHaveText('Charms and Charm Bracelets');
    await expect(listing.cards).toHaveCount(48);
    await listing.chooseMetal('14k Gold');
    await expect(page).toHaveURL(/\/products\/14k-gold$/);
    await expect(listing.heading()).toHaveText('14k Gold Charms and Charm Bracelets');
    await openFilters(page);
    const bracelets = await optionCount(page, 'Bracelets');
    await page.getByRole('radio', { name: /^Bracelets \(/ }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/products\/14k-gold\?kind=bracelet$/);
    expect(await shownTotal(page)).toBe(bracelets);
  });

  test('a blank search from the header asks what the shopper is looking for', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search for charms' })).toBeVisible();
  });
});
