import { type Page, expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/admin';
import { photo } from './support/photos';

/** The first product of a category nobody else's test uses, as its listing names it. */
async function productToPhotograph(page: Page) {
  const response = await page.request.get('/api/products?path=/products/category/Nautical-Charms&pageSize=12');
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: { id: number; name: string; path: string }[] };
  return products[0]!;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.setTimeout(90_000);

  test('staff upload two photos as a plain form (a script named .jpg is refused first); shoppers see the first in the listing and both on the page', async ({ page, browser }) => {
    const product = await productToPhotograph(page);
    await page.goto(`/admin/products/${product.id}/photos`);
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: `Photos of ${product.name}` })).toBeVisible();
    await expect(page.getByText('No photos yet: shoppers see the drawn picture.')).toBeVisible();

    // A file that is not what its name says: refused in words, nothing added.
    await page.getByLabel('Photos', { exact: true }).setInputFiles({ name: 'anchor.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('#!/bin/sh\necho not a photo\n') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert')).toHaveText('anchor.jpg: This file is not a photo, whatever its name says: upload a JPEG, PNG or WebP image.');
    await expect(page.getByText('No photos yet: shoppers see the drawn picture.')).toBeVisible();

    await page.getByLabel('Photos', { exact: true }).setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#d8b46a', 'jpeg') },
      { name: 'side.png', mimeType: 'image/png', buffer: await photo('#9ec1d9', 'png', 900, 900) },
    ]);
    await page.getByLabel('Alt text', { exact: true }).first().fill(`${product.name} on a white cloth`);
    await page.getByRole('button', { name: 'Upload' }).click();
    // Each photo is encoded twelve times (three formats, four widths), one photo at a time: seconds on a busy machine.
    await expect(page.getByRole('status')).toContainText('2 photos were added', { timeout: 30_000 });
    const list = page.getByRole('region', { name: /In order/ });
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Photo 1Shown in listings', 'Photo 2']);
    await expect(page.getByRole('region', { name: 'Changes' })).toContainText('Added a photo by');

    // The second photo gets its own words.
    await page.getByLabel('Alt text').nth(2).fill('Seen from the side');
    await page.getByRole('listitem', { name: 'Photo 2' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved.');

    // A shopper, in a browser of their own (with JavaScript: the gallery and its zoom).
    const shopperContext = await browser.newContext({ javaScriptEnabled: true });
    const shopper = await shopperContext.newPage();
    await shopper.goto('/products/category/Nautical-Charms');
    const card = shopper.getByRole('listitem').filter({ has: shopper.getByRole('link', { name: product.name }) }).first();
    const cardImage = card.locator('picture img');
    await expect(cardImage).toHaveAttribute('srcset', /\/api\/media\/[0-9a-f]{64}\.jpg 320w/);
    await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif 320w, .*\.avif 1400w$/);
    await expect(cardImage).toHaveAttribute('width', '1400');
    await expect(cardImage).toHaveAttribute('height', '1000');

    await card.getByRole('link', { name: product.name }).click();
    await expect(shopper.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    const thumbnails = shopper.getByRole('list', { name: `Photos of ${product.name}` }).getByRole('img');
    await expect(thumbnails).toHaveCount(2);
    await expect(thumbnails.nth(1)).toHaveAccessibleName('Photo 2 of 2: Seen from the side');
    const main = shopper.locator('.product-gallery__zoom img');
    await expect(main).toHaveAttribute('alt', `${product.name} on a white cloth`);
    await expect(main).toHaveAttribute('srcset', /\.jpg 1400w$/);
    await thumbnails.nth(1).click();
    await expect(main).toHaveAttribute('alt', 'Seen from the side');
    // The larger view: opened by keyboard, closed with Escape.
    await shopper.locator('.product-gallery__zoom').focus();
    await shopper.keyboard.press('Enter');
    const dialog = shopper.getByRole('dialog', { name: `${product.name}: larger view` });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('img')).toHaveAttribute('sizes', '100vw');
    await shopper.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const jsonLd = await shopper.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join('\n')).toMatch(/"image":\["https?:\/\/[^"]+\/api\/media\/[0-9a-f]{64}\.jpg"/);
    await shopperContext.close();
  });
});

test('the photos page passes the accessibility checks with its photos (with JavaScript)', async ({ page }) => {
  const product = await productToPhotograph(page);
  await page.goto(`/admin/products/${product.id}/photos`);
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: `Photos of ${product.name}` })).toBeVisible();
  await expectNoAxeViolations(page);
});
