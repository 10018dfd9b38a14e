import { expect, test } from '@playwright/test';
import { createProduct, fillProductForm } from './support/admin-products';
import { expectNoAxeViolations, signIn } from './support/admin';

const unique = () => Date.now().toString(36);

test('staff create a product in the admin, and shoppers find it in its category, in search and on its page', async ({ page, browser }) => {
  const name = `Lighthouse Keeper Charm ${unique()}`;
  await page.goto('/admin/products');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  // A mistake first: said beside the price, what was typed kept.
  await fillProductForm(page, { name, description: 'A lighthouse on a rock, with its beam.', category: 'Beach Charms', prices: { 'Sterling Silver': '0', '14k Gold': '289.50' } });
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('alert')).toHaveText('Nothing was saved: one field needs a correction (marked below).');
  await expect(page.getByText('must be more than $0.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sterling Silver', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: 'Sterling Silver', exact: true }).fill('48.95');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`${name} is on sale now`);
  await expect(page.getByRole('region', { name: 'Changes' })).toContainText('Created by');
  await expect(page.getByRole('link', { name: 'Photos' })).toHaveAttribute('href', /\/admin\/products\/\d+\/photos$/);
  await expectNoAxeViolations(page);
  const shopPath = await page.getByRole('link', { name: 'See its page in the shop' }).getAttribute('href');
  expect(shopPath).toMatch(/^\/products\/beach-charms\/sterling-silver\/lighthouse-keeper-charm-[a-z0-9]+\/\d+$/);

  // A shopper, in a browser of their own.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/products/category/sterling-silver/Beach-Charms?order=Newest');
  await expect(shopper.getByRole('link', { name })).toBeVisible();
  await shopper.goto(`/products/search?q=${encodeURIComponent('lighthouse keeper')}`);
  await expect(shopper.getByRole('link', { name })).toBeVisible();
  await shopper.getByRole('link', { name }).click();
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shopper.getByTestId('product-price')).toHaveText('$48.95');

  // Renamed: the old address answers 301 to the new one.
  await page.getByLabel('Name', { exact: true }).fill(`${name} Deluxe`);
  await page.getByLabel('Slug').fill('');
  await page.getByLabel('Page title').fill('Lighthouse charm in silver');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Saved');
  const stale = await shopper.request.get(shopPath!, { maxRedirects: 0 });
  expect(stale.status()).toBe(301);
  expect(stale.headers().location).toMatch(/\/lighthouse-keeper-charm-[a-z0-9]+-deluxe\/\d+$/);
  await shopper.goto(shopPath!);
  await expect(shopper.getByRole('heading', { level: 1, name: `${name} Deluxe` })).toBeVisible();
  await expect(shopper).toHaveTitle('Lighthouse charm in silver');

  // Retired: its page says so and links to its category; the listing no longer has it.
  await page.getByRole('button', { name: 'Retire…' }).click();
  await page.getByRole('button', { name: 'Yes, retire it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Retired/ })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('has left the shop');
  const gone = await shopper.goto(shopPath!);
  expect(gone?.status()).toBe(404);
  await expect(shopper.getByRole('heading', { level: 1, name: `${name} Deluxe is no longer available` })).toBeVisible();
  await shopper.getByRole('link', { name: 'Browse Beach Charms' }).click();
  await expect(shopper.getByRole('heading', { level: 1 })).toContainText('Beach Charms');
  await expect(shopper.getByRole('link', { name: `${name} Deluxe` })).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the product form creates a product, its name shown as typed (markup is text)', async ({ page }) => {
    const name = `Anchor <b>Charm</b> ${unique()}`;
    await page.goto('/admin/products');
    await signIn(page);
    await createProduct(page, { name, description: 'A ship’s anchor.', category: 'Beach Charms', prices: { 'Gold Plate': '35' } });
    await expect(page.getByRole('status')).toContainText(`${name} is on sale now`);
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('link', { name })).toBeVisible();
    await page.getByRole('link', { name }).click();
    await page.goto((await page.getByRole('link', { name: 'See its page in the shop' }).getAttribute('href'))!);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('h1 b')).toHaveCount(0);
  });
});
