import { expect, test } from '@playwright/test';
import { Bag, PRODUCTS } from './support/bag';

/** The product page on a phone: the engraving preview and the font choices fit the screen without breaking words. */
test('on a phone, every font shows the engraving on one line inside its row, and the charm breaks lines only between words', async ({ page }) => {
  await page.goto(PRODUCTS.engravableCharm.path('sterling-silver'));
  await new Bag(page).waitForSession();
  const text = 'Love you Mia';
  await page.getByLabel('Text to engrave').fill(text);
  await page.getByRole('radio', { name: /^Double Block/ }).check();
  await page.evaluate(() => document.fonts.ready);

  const preview = page.getByRole('img', { name: `Preview: “${text}” engraved in Double Block` });
  await expect(preview).toBeVisible();
  const lines = await preview.locator('.engraving-charm__text > text').allTextContents();
  expect(lines.join(' ')).toBe(text);
  const [drawing, engraved] = await Promise.all([preview.boundingBox(), preview.locator('.engraving-charm__text').boundingBox()]);
  expect(engraved!.x).toBeGreaterThanOrEqual(drawing!.x);
  expect(engraved!.x + engraved!.width).toBeLessThanOrEqual(drawing!.x + drawing!.width);

  for (const font of ['Block', 'Double Block', 'Monogram Block', 'Script', 'Monogram Script']) {
    const choice = page.locator('label.font-choice').filter({ has: page.getByRole('radio', { name: font, exact: true }) });
    const sample = choice.locator('.font-choice__preview');
    await expect(sample.locator('text')).toHaveCount(1);
    await expect(sample.locator('text')).toHaveText(text);
    const [row, drawn] = await Promise.all([choice.boundingBox(), sample.locator('text').boundingBox()]);
    expect(drawn!.x, font).toBeGreaterThanOrEqual(row!.x);
    expect(drawn!.x + drawn!.width, font).toBeLessThanOrEqual(row!.x + row!.width);
  }
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('on a phone, the mini-bag sits at the bottom of the screen with its checkout button in reach', async ({ page }) => {
  await page.goto(PRODUCTS.engravableCharm.path('14k-gold'));
  await new Bag(page).waitForSession();
  await page.getByLabel('Text to engrave').fill('Love');
  await page.getByRole('radio', { name: /^Script/ }).check();
  await page.getByRole('button', { name: 'Add to bag' }).click();
  const miniBag = page.getByRole('dialog', { name: 'Added to your bag.' });
  await expect(miniBag).toBeVisible();
  await expect(miniBag.getByRole('link', { name: 'Checkout' })).toBeInViewport();
  await miniBag.getByRole('button', { name: 'Close' }).click();
  await expect(miniBag).toBeHidden();
});
