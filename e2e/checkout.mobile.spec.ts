import { type Page, expect, test } from '@playwright/test';
import { CheckoutPage, ShopperBag, TEST_CARDS, expectConfirmation } from './support/checkout';

/** Checkout on a phone (also run at desktop size): nothing wider than the screen, a purchase goes through. */

async function fitsTheScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('checkout fits the screen and a purchase goes through to the confirmation', async ({ page }) => {
  const bag = await new ShopperBag(page).start();
  await bag.add({ search: 'Engravable Heart Padlock Charm', engraving: { text: 'A & B', font: 'block' } });
  const checkout = new CheckoutPage(page);
  await checkout.open();
  await fitsTheScreen(page);
  await checkout.fillAll(TEST_CARDS.visa);
  await checkout.chooseShipping(/^Free Ground/, 'Free');
  await fitsTheScreen(page);
  await checkout.placeOrderButton.scrollIntoViewIfNeeded();
  await expect(checkout.placeOrderButton).toBeInViewport();
  await checkout.placeOrder();
  await expectConfirmation(page);
  await fitsTheScreen(page);
});
