import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { Bag, PRODUCTS } from './support/bag';
import { ProductPage, cents } from './support/catalog';

const money = (value: number) => `$${(value / 100).toFixed(2)}`;

/** Chooses 14k gold with the page's one metal control, engraves "Love" in Script, and checks the preview. */
async function chooseGoldAndEngrave(page: Page) {
  await page.goto(PRODUCTS.engravableCharm.path('sterling-silver'));
  await new Bag(page).waitForSession();
  const product = new ProductPage(page);
  const goldPrice = cents(await product.metalOption('14k Gold').innerText());
  await product.chooseMetal('14k Gold');
  await expect(page).toHaveURL(/\/14k-gold\//);
  await expect(product.price()).toHaveText(money(goldPrice));
  await expect(page.getByRole('img', { name: /in 14k Gold/ }).first()).toHaveAttribute('src', /14k-gold/);
  await expect(page.getByText(/other metals/)).toHaveCount(0);

  await page.getByLabel('Text to engrave').fill('Love');
  await page.getByRole('radio', { name: /^Script/ }).check();
  return goldPrice;
}

test.describe('the product page: metal, engraving preview, mini-bag', () => {
  test('choose 14k gold, engrave “Love” in Script, add, see the mini-bag, go to checkout', async ({ page }) => {
    const price = await chooseGoldAndEngrave(page);
    const preview = page.getByRole('img', { name: 'Preview: “Love” engraved in Script' });
    await expect(preview).toBeVisible();
    // The real script face has loaded and the preview's text is drawn in it.
    await expect.poll(() => page.evaluate(() => document.fonts.check('40px "Engraving Script"', 'Love'))).toBe(true);
    const family = await preview.locator('.engraving-charm__text text').last().evaluate((text) => getComputedStyle(text).fontFamily);
    expect(family).toContain('Engraving Script');
    // Fitted to the charm's face: the text stays inside the drawing.
    const [face, text] = await Promise.all([preview.boundingBox(), preview.locator('.engraving-charm__text').boundingBox()]);
    expect(text!.x).toBeGreaterThanOrEqual(face!.x);
    expect(text!.x + text!.width).toBeLessThanOrEqual(face!.x + face!.width);

    await page.getByRole('button', { name: 'Add to bag' }).click();
    const miniBag = page.getByRole('dialog', { name: 'Added to your bag.' });
    await expect(miniBag).toBeVisible();
    await expect(miniBag).toContainText(PRODUCTS.engravableCharm.name);
    await expect(miniBag).toContainText('14k Gold');
    await expect(miniBag).toContainText('Engraved “Love” in Script');
    await expect(miniBag.getByTestId('mini-bag-count')).toHaveText('1 item');
    // Engraving is free on gold: the bag's total is the charm's price.
    await expect(miniBag.getByTestId('mini-bag-total')).toHaveText(money(price));
    await expect(page.getByRole('banner').getByRole('link', { name: /Shopping Bag/ })).toContainText('1');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(miniBag).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add to bag' })).toBeFocused();

    await page.getByRole('button', { name: 'Add to bag' }).click();
    await expect(miniBag.getByTestId('mini-bag-count')).toHaveText('2 items');
    await miniBag.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/order\/process$/);
    await expect(page.getByText('Engraved “Love” in Script').first()).toBeVisible();
  });

  test('the page with its preview passes axe', async ({ page }) => {
    await chooseGoldAndEngrave(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test('the engraving fonts wait until the page has loaded: nothing of theirs competes with the first screen', async ({ page }) => {
    await page.goto(PRODUCTS.engravableCharm.path('sterling-silver'));
    // No font is preloaded in the head, and none is asked for before the window's load event (the browser's own clock).
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.fonts.check('20px "Engraving Script"', 'Grace'))).toBe(true);
    const { loadEventStart, fontStarts } = await page.evaluate(() => ({
      loadEventStart: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      fontStarts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.woff2'))
        .map((entry) => entry.startTime),
    }));
    expect(loadEventStart).toBeGreaterThan(0);
    expect(fontStarts.length).toBeGreaterThan(0);
    for (const start of fontStarts) expect(start).toBeGreaterThanOrEqual(loadEventStart);
    // Then the font choices are drawn in the real faces.
    const family = await page.locator('label.font-choice .engraving-preview--script').first().evaluate((group) => getComputedStyle(group).fontFamily);
    expect(family).toContain('Engraving Script');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the same choices and add work with plain links and a plain form, and the page shows what was added', async ({ page }) => {
      const price = await chooseGoldAndEngrave(page);
      await page.getByRole('button', { name: 'Add to bag' }).click();
      const summary = page.getByRole('region', { name: 'Added to your bag.' });
      await expect(summary).toBeVisible();
      await expect(summary).toContainText('Engraved “Love” in Script');
      await expect(summary.getByTestId('mini-bag-count')).toHaveText('1 item');
      await expect(summary.getByTestId('mini-bag-total')).toHaveText(money(price));
      // The server drew a sample on the charm (no script to redraw it); the form is ready for another.
      await expect(page.getByRole('img', { name: /Block, shown with the sample/ })).toBeVisible();
      await summary.getByRole('link', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/order\/process$/);
    });
  });
});
