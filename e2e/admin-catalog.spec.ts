import { type Locator, type Page, expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/admin';
import { fillProductForm } from './support/admin-products';
import { photo } from './support/photos';

/**
 * The catalog from the owner's side to the shopper's: a new product, its photos, its category renamed. The category
 * is a seeded one no other spec uses (renaming it for a moment cannot trip a spec running beside this one), and it
 * is put back as it was at the end.
 */
const CATEGORY = { name: 'Medical Charms', slug: 'Medical-Charms' };

/** The <img> of a product's card in a listing (the card's picture is decorative: its alt is empty). */
const cardImage = (page: Page, name: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) }).first().locator('picture img');

async function saveCategory(page: Page, fields: { name: string; slug: string; description: string }) {
  const form = page.getByRole('form', { name: 'Edit' });
  await form.getByLabel('Name').fill(fields.name);
  await form.getByLabel('Slug').fill(fields.slug);
  await form.getByLabel('Description').fill(fields.description);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText(`Saved: shoppers see ${fields.name} at /categories/${fields.slug}`);
}

test('staff create a product with two photos; shoppers see it with srcset in its category, in search and on its page, and after its category is renamed', async ({ page, browser }) => {
  // Two browsers, a dozen pages and two photos encoded twelve times each: minutes, not seconds, on a busy machine.
  test.setTimeout(180_000);
  const unique = Date.now().toString(36);
  const name = `Night Nurse Lantern ${unique}`;

  // Staff create the product.
  await page.goto('/admin/products/new');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await fillProductForm(page, { name, description: 'A lantern carried on the night round.', category: CATEGORY.name, prices: { 'Sterling Silver': '38.00' } });
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  await expectNoAxeViolations(page);

  // Its photos page, from its page: two photos, each with its own words.
  await page.getByRole('link', { name: 'Photos', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Photos of ${name}` })).toBeVisible();
  await expectNoAxeViolations(page);
  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }, alt: string) => {
    await page.getByLabel('Photos', { exact: true }).setInputFiles(file);
    await page.getByLabel('Alt text', { exact: true }).first().fill(alt);
    await page.getByRole('button', { name: 'Upload' }).click();
    // Twelve encodings (three formats, four widths): seconds on a busy machine.
    await expect(page.getByRole('status')).toContainText('The photo was added', { timeout: 60_000 });
  };
  await upload({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#e9d8b4', 'jpeg') }, 'The lantern from the front');
  await upload({ name: 'lit.png', mimeType: 'image/png', buffer: await photo('#3b4a6b', 'png', 1000, 1000) }, 'The lantern lit at night');
  await expect(page.getByRole('region', { name: /In order/ }).getByRole('heading', { level: 3 })).toHaveText(['Photo 1Shown in listings', 'Photo 2']);
  await expectNoAxeViolations(page);
  const photosPage = new URL(page.url()).pathname;

  // The activity page has both uploads, each leading back to the product's photos.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Photo changes' });
  await page.getByRole('button', { name: 'Show' }).click();
  const uploads = page.getByRole('link', { name: `Photos of ${name}`, exact: true });
  await expect(uploads).toHaveCount(2);
  await expect(uploads.first()).toHaveAttribute('href', photosPage);
  await expectNoAxeViolations(page);

  // A shopper, in a browser of their own: the first photo in the category's listing and in search...
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/categories/${CATEGORY.slug}?orderBy=Newest`);
  const inCategory = cardImage(shopper, name);
  await expect(inCategory).toHaveAttribute('srcset', /\/api\/media\/[0-9a-f]{64}\.jpg 320w, .* 1400w$/);
  await expect(inCategory).toHaveAttribute('sizes', /.+/);
  await expect(inCategory.locator('xpath=..').locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif 320w/);
  const firstPhoto = (await inCategory.getAttribute('srcset'))!;

  await shopper.goto(`/products/search?q=${encodeURIComponent('nurse lantern')}`);
  await expect(cardImage(shopper, name)).toHaveAttribute('srcset', firstPhoto);

  // ...and both on its page, the first one large.
  await shopper.getByRole('link', { name, exact: true }).first().click();
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  const thumbnails = shopper.getByRole('list', { name: `Photos of ${name}` }).getByRole('img');
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.first()).toHaveAccessibleName('Photo 1 of 2: The lantern from the front');
  await expect(thumbnails.nth(1)).toHaveAccessibleName('Photo 2 of 2: The lantern lit at night');
  await expect(thumbnails.first()).toHaveAttribute('srcset', firstPhoto);
  await expect(thumbnails.nth(1)).toHaveAttribute('srcset', /\/api\/media\/[0-9a-f]{64}\.jpg 320w, .* 1000w$/);
  expect(await thumbnails.nth(1).getAttribute('srcset')).not.toBe(firstPhoto);
  const main = shopper.locator('.product-gallery__zoom img');
  await expect(main).toHaveAttribute('alt', 'The lantern from the front');
  await expect(main).toHaveAttribute('srcset', firstPhoto);

  // Staff rename its category; the old address leads shoppers to the renamed page, where the product still is.
  const renamed = { name: 'Medical and Nursing Charms', slug: `Medical-Nursing-${unique}`, description: 'For nurses, doctors and everyone who cares.' };
  await page.goto('/admin/categories');
  await expectNoAxeViolations(page);
  await page.getByRole('table').getByRole('link', { name: CATEGORY.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: CATEGORY.name })).toBeVisible();
  const adminUrl = page.url();
  const description = await page.getByRole('form', { name: 'Edit' }).getByLabel('Description').inputValue();
  try {
    await saveCategory(page, renamed);
    await expect(page.getByRole('region', { name: 'Old slugs' })).toContainText(CATEGORY.slug);
    await expectNoAxeViolations(page);

    const answer = await shopper.request.get(`/categories/${CATEGORY.slug}?orderBy=Newest`, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe(`/categories/${renamed.slug}?orderBy=Newest`);
    await shopper.goto(`/categories/${CATEGORY.slug}?orderBy=Newest`);
    await expect(shopper).toHaveURL(new RegExp(`/categories/${renamed.slug}\\?orderBy=Newest$`));
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(renamed.name);
    await expect(cardImage(shopper, name)).toHaveAttribute('srcset', firstPhoto);
    // Its page's address carries the category: the old one leads to the new one.
    await shopper.getByRole('link', { name, exact: true }).first().click();
    await expect(shopper).toHaveURL(new RegExp(`/products/${renamed.slug.toLowerCase()}/`));
    await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  } finally {
    await shopper.context().close();
    await page.goto(adminUrl);
    await saveCategory(page, { ...CATEGORY, description });
  }
});
