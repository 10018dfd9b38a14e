import { type Page, expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/admin';
import { mainMenu, waitForHydration } from './storefront-helpers';

/**
 * A seeded category no other spec uses, so renaming it for a moment cannot trip another spec running beside this
 * one; each test puts it back as it was.
 */
const CATEGORY = { name: 'Fantasy Charms', slug: 'Fantasy-Charms' };
/** Moved down and back up by the test without JavaScript (another category, so the two tests never meet). */
const MOVED = 'Hobby Charms';

async function openCategory(page: Page, name: string) {
  await page.goto('/admin/categories');
  await page.getByRole('table').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function save(page: Page, fields: { name: string; slug: string; description: string }) {
  const form = page.getByRole('form', { name: 'Edit' });
  await form.getByLabel('Name').fill(fields.name);
  await form.getByLabel('Slug').fill(fields.slug);
  await form.getByLabel('Description').fill(fields.description);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText(`Saved: shoppers see ${fields.name} at /categories/${fields.slug}`);
}

test('staff rename a category; its old URLs lead shoppers to the renamed page, and the menu shows the new name', async ({ page, browser }) => {
  // Two browsers and a dozen pages: more than the default 30 s when the machine is busy with the other workers.
  test.setTimeout(90_000);
  const slug = `Fantasy-Fairy-${Date.now().toString(36)}`;
  const name = 'Fantasy and Fairy Charms';
  await page.goto('/admin/categories');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Categories', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  await openCategory(page, CATEGORY.name);
  const adminUrl = page.url();
  try {
    // A mistake first: said beside the field, what was typed kept.
    await page.getByLabel('Slug', { exact: true }).fill('Fantasy Fairy');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Use letters, digits and single hyphens between them', { exact: false }).last()).toBeVisible();
    await expect(page.getByLabel('Slug', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Slug', { exact: true })).toHaveValue('Fantasy Fairy');

    await page.getByRole('radio', { name: 'moon' }).check();
    await save(page, { name, slug, description: 'Dragons, unicorns and fairies.' });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Old slugs' })).toContainText(CATEGORY.slug);
    await expect(page.getByRole('region', { name: 'Changes' })).toContainText(`Slug: ${CATEGORY.slug} → ${slug}`);
    await expect(page.getByRole('radio', { name: 'moon' })).toBeChecked();
    await expectNoAxeViolations(page);

    // Search engines are told the move is for good.
    const answer = await page.request.get(`/products/category/${CATEGORY.slug}?kind=charm`, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe(`/products/category/${slug}?kind=charm`);

    // A shopper, in a browser of their own, follows an old link (with a metal and a query).
    const shopper = await (await browser.newContext()).newPage();
    await shopper.goto(`/categories/14k-gold/${CATEGORY.slug}?orderBy=PriceHighLow`);
    await expect(shopper).toHaveURL(new RegExp(`/categories/14k-gold/${slug}\\?orderBy=PriceHighLow$`));
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(`14k Gold ${name}`);
    await shopper.goto(`/categories/${CATEGORY.slug.toLowerCase()}`);
    await expect(shopper).toHaveURL(new RegExp(`/categories/${slug}$`));
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(shopper.getByText('Dragons, unicorns and fairies.')).toBeVisible();
    await waitForHydration(shopper);
    const categories = await mainMenu(shopper).openDropdown('CHARM CATEGORIES');
    await expect(categories.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/categories/${slug}`);
    await expect(categories.getByRole('link', { name: CATEGORY.name, exact: true })).toHaveCount(0);
    await shopper.goto('/categories');
    await expect(shopper.getByRole('list', { name: 'All categories' }).getByRole('link', { name, exact: true }).locator('img')).toHaveAttribute('src', '/art/v1/tile/sterling-silver/moon.svg');
    await shopper.context().close();
  } finally {
    await page.goto(adminUrl);
    await page.getByRole('radio', { name: 'None' }).check();
    await save(page, { ...CATEGORY, description: '' });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('staff move a category down and back up in the menu', async ({ page }) => {
    await page.goto('/admin/categories');
    await signIn(page);
    const rows = page.getByRole('table').getByRole('row');
    const placeOf = async (name: string) => (await rows.filter({ has: page.getByRole('link', { name, exact: true }) }).getByRole('cell').first().textContent())?.trim();
    const before = await placeOf(MOVED);
    await page.getByRole('button', { name: `Move ${MOVED} down` }).click();
    await expect(page.getByRole('status')).toHaveText(`Moved ${MOVED} to place ${Number(before) + 1} in the menu.`);
    expect(await placeOf(MOVED)).toBe(String(Number(before) + 1));
    await page.getByRole('button', { name: `Move ${MOVED} up` }).click();
    await expect(page.getByRole('status')).toHaveText(`Moved ${MOVED} to place ${before} in the menu.`);
  });
});
