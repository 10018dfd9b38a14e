import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './support/admin';
import { CheckoutPage, ShopperBag, expectConfirmation, waitForHydration } from './support/checkout';

/** A PhotoArt charm's page: the first one the PhotoArt category lists. */
async function photoArtProduct(page: Page): Promise<{ name: string; path: string }> {
  const response = await page.request.get(`/api/products?${new URLSearchParams({ path: '/products/category/PhotoArt-Charms', metalId: '40', pageSize: '1' })}`);
  const [product] = ((await response.json()) as { products: { name: string; path: string }[] }).products;
  if (!product) throw new Error('no PhotoArt charm in the catalog');
  return product;
}

/** A shopper's photo, made for the test: a portrait with a disc, as a phone would take it. */
const shopperPhoto = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: '#4a7fb5' } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><circle cx="450" cy="500" r="300" fill="#f3d37a"/></svg>') }])
    .jpeg()
    .toBuffer();

/** The image has loaded (an <img> whose address answered with a picture). */
const expectLoaded = async (page: Page, name: string) => {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
};

test('a shopper uploads the photo for a PhotoArt charm, orders it, and staff see and download it in the order', async ({ page, browser }, testInfo) => {
  // Two browsers, a checkout and the admin: longer than one page's test on a busy machine.
  test.setTimeout(90_000);
  const shopper = await browser.newContext(testInfo.project.use);
  const shopperPage = await shopper.newPage();
  await new ShopperBag(shopperPage).start();
  const product = await photoArtProduct(shopperPage);

  // The product page: the photo is optional, shown before it is sent.
  await shopperPage.goto(product.path);
  await waitForHydration(shopperPage);
  await shopperPage.getByLabel('Add your photo (optional)').setInputFiles({ name: 'grandma.jpg', mimeType: 'image/jpeg', buffer: await shopperPhoto() });
  await expectLoaded(shopperPage, 'Your photo, as chosen');
  await shopperPage.getByRole('button', { name: 'Add to bag' }).click();
  await expect(shopperPage.getByRole('dialog')).toContainText('Your photo was uploaded with it.');

  // The bag shows the photo (its preview is this session's only), with the email alternative gone for this line.
  await shopperPage.goto('/order');
  await expectLoaded(shopperPage, `Your photo for ${product.name}`);
  await expect(shopperPage.getByText('Your photo is uploaded.')).toBeVisible();
  // Replaced in place (JavaScript): a new preview address, the old one shown no more.
  const firstPreview = await shopperPage.getByRole('img', { name: `Your photo for ${product.name}` }).getAttribute('src');
  await shopperPage.getByText('Replace photo').click();
  await shopperPage.getByLabel('Choose another photo').setInputFiles({ name: 'grandpa.png', mimeType: 'image/png', buffer: await sharp(await shopperPhoto()).png().toBuffer() });
  await shopperPage.getByRole('button', { name: /^Upload new photo/ }).click();
  await expect(shopperPage.getByText('Photo uploaded: we will print it on your charm.')).toBeVisible();
  await expect(shopperPage.getByRole('img', { name: `Your photo for ${product.name}` })).not.toHaveAttribute('src', firstPreview!);
  await expectLoaded(shopperPage, `Your photo for ${product.name}`);
  const previewPath = await shopperPage.getByRole('img', { name: `Your photo for ${product.name}` }).getAttribute('src');
  const stranger = await browser.newContext(testInfo.project.use);
  expect((await stranger.request.get(new URL(previewPath!, process.env.E2E_BASE_URL).toString())).status()).toBe(404);
  await stranger.close();

  const checkout = new CheckoutPage(shopperPage);
  await checkout.open();
  await checkout.fillAll();
  await checkout.placeOrder();
  const { number } = await expectConfirmation(shopperPage);
  await expect(shopperPage.getByRole('region', { name: 'Your PhotoArt photo' })).toContainText('We have received the photo you uploaded');
  await shopper.close();

  // Staff: the order's page shows the photo and downloads the print copy under the order's name.
  await signIn(page);
  await page.goto(`/admin/orders?q=${number}`);
  await page.getByRole('link', { name: number }).click();
  await expectLoaded(page, "Customer's photo for line 1");
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download photo for line 1' }).click()]);
  expect(download.suggestedFilename()).toBe(`order-${number}-line-1.jpg`);
  const saved = await sharp(readFileSync((await download.path())!)).metadata();
  expect({ format: saved.format, width: saved.width, height: saved.height, exif: saved.exif }).toEqual({ format: 'jpeg', width: 900, height: 1200, exif: undefined });

  // The packing slip says the photo came with the order.
  await page.goto(page.url().replace(/\/?$/, '/packing-slip'));
  await expect(page.getByText('photo attached')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the photo goes with the add-to-bag form; a refused file is said, and the bag offers the upload and the email instead', async ({ page }) => {
    await new ShopperBag(page).start();
    const product = await photoArtProduct(page);
    await page.goto(product.path);
    await page.getByLabel('Add your photo (optional)').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('#!/bin/sh\necho not a photo\n') });
    await page.getByRole('button', { name: 'Add to bag' }).click();
    await expect(page.getByText(/Your photo was not uploaded: This file is not a photo, whatever its name says/).first()).toBeVisible();

    await page.goto('/order');
    const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: product.name }) });
    await expect(line.getByText(/Or email it to/)).toBeVisible();
    await line.getByLabel('Upload your photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await sharp(await shopperPhoto()).png().toBuffer() });
    await line.getByRole('button', { name: /^Upload photo/ }).click();
    await expect(page.getByText('Photo uploaded: we will print it on your charm.')).toBeVisible();
    await expectLoaded(page, `Your photo for ${product.name}`);
  });
});
