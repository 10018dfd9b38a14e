import { expect, test } from '@playwright/test';
import { Bag, PRODUCTS } from './support/bag';

/** The bag on a phone (also run at desktop size): nothing wider than the screen, every control in reach. */
test('the add-to-bag form and the bag fit a phone screen', async ({ page }) => {
  const bag = new Bag(page);
  await bag.addCharm(PRODUCTS.engravableCharm.path('sterling-silver'), { engraving: { text: 'Grace' } });
  await bag.addCharm(PRODUCTS.bracelet.path('sterling-silver'));
  await bag.open();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await page.getByRole('button', { name: `One more ${PRODUCTS.bracelet.name}` }).click();
  await expect(page.getByLabel(`Quantity of ${PRODUCTS.bracelet.name}`)).toHaveValue('2');
  await bag.chooseShipping('Texas', '2-3 Day');
  await bag.expectTotalsRow('Shipping (2-3 Day)', '$14.75');
  await expect(page.getByRole('main').getByRole('link', { name: 'Buy Now' })).toBeVisible();
});
