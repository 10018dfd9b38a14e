import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/admin';

/** A small file as a store owner would make it: two new charms, one of them with a price of zero. (In Western Charms,
 * which no other spec counts: the shop's database is shared by every spec of the run.) */
const fileOf = (word: string, silverPrice: string) => ({
  name: 'new-charms.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'name,description,kind,primary_category,price_sterling_silver,price_14k_gold',
      `${word} Star Charm,"A bright star, for wishes.",charm,Western-Charms,${silverPrice},249.00`,
      `${word} Moon Charm,A pale moon.,charm,Western-Charms,39.50,`,
    ].join('\r\n'),
  ),
});

test('an owner checks a CSV, sees its errors by line and column, fixes it, imports it, and finds the product in search', async ({ page }) => {
  const word = `Qz${Date.now().toString(36)}`;
  await page.goto('/admin/products/import');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin-products/export.csv');

  await page.getByLabel('CSV file (UTF-8, up to 15 MB)', { exact: true }).setInputFiles(fileOf(word, '0'));
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('alert')).toContainText('The file has errors');
  const errors = page.getByRole('table');
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toHaveText(/^2\s*price_sterling_silver\s*must be more than \$0\.00$/);
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel('CSV file (UTF-8, up to 15 MB)', { exact: true }).setInputFiles(fileOf(word, '45.00'));
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status')).toContainText('ready to import');
  await expect(page.getByRole('region', { name: /Dry run/ })).toContainText('2 new');
  await page.getByRole('button', { name: 'Import 2 changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported: 2 new, 0 updated, 0 retired.');

  await page.goto(`/products/search?q=${encodeURIComponent(`${word} Star`)}`);
  await expect(page.getByRole('link', { name: new RegExp(`${word} Star Charm`) }).first()).toBeVisible();
});
