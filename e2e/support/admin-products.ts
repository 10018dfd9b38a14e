import { type Page, expect } from '@playwright/test';

export interface NewProduct {
  name: string;
  description: string;
  category: string;
  /** Dollars by metal name, e.g. { 'Sterling Silver': '42.50' }. */
  prices: Record<string, string>;
}

/** The admin's product form, as staff fill it in (from /admin/products/new, signed in). */
export async function fillProductForm(page: Page, product: NewProduct) {
  await page.getByLabel('Name', { exact: true }).fill(product.name);
  await page.getByLabel('Description', { exact: true }).fill(product.description);
  await page.getByLabel('Primary category').selectOption({ label: product.category });
  await page.getByRole('group', { name: 'Listed in' }).getByLabel(product.category, { exact: true }).check();
  for (const [metal, price] of Object.entries(product.prices)) {
    await page.getByRole('textbox', { name: metal, exact: true }).fill(price);
  }
}

/** Creates a product through the admin and answers its admin page's URL. */
export async function createProduct(page: Page, product: NewProduct): Promise<string> {
  await page.goto('/admin/products/new');
  await fillProductForm(page, product);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(product.name) })).toBeVisible();
  return page.url();
}
