import { expect, test } from '@playwright/test';
import { ListingPage, searchFromHeader } from './support/catalog';
import { CheckoutPage, TEST_CARDS, expectConfirmation, outboxEmailsFor } from './support/checkout';

/**
 * Issue 6's "new shopper" purchase, through the UI only: search, product page, engraving, add to bag, the bag with
 * WELCOME10, checkout to Texas by 2-3 day with a Visa test card, confirmation and its email.
 */
test('a new shopper finds an engravable charm, engraves it, and buys it with WELCOME10 and 2-3 day shipping to Texas', async ({ page }) => {
  await page.goto('/');
  await searchFromHeader(page, 'engravable heart padlock');
  const listing = new ListingPage(page);
  await expect(listing.heading()).toBeVisible();
  await listing.openProduct('Engravable Heart Padlock Charm');

  await page.getByLabel('Text to engrave').fill('LOVE');
  await page.getByRole('radio', { name: /^Script/ }).check();
  await page.getByRole('button', { name: 'Add to bag', exact: true }).click();
  await expect(page.getByRole('status').getByRole('link', { name: 'View your bag' })).toBeVisible();
  await page.getByRole('status').getByRole('link', { name: 'View your bag' }).click();

  await expect(page).toHaveURL(/\/order$/);
  await page.getByLabel('Promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText(/Promo code WELCOME10 applied/)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Buy Now' }).click();

  const checkout = new CheckoutPage(page);
  await expect(page).toHaveURL(/\/order\/process$/);
  await expect(checkout.review().getByText('Engraved “LOVE” in Script')).toBeVisible();
  await checkout.fillContact('new.shopper@example.com');
  await checkout.fillShippingAddress();
  await checkout.chooseShipping(/^2-3 Day/, '$14.75');
  // $64.95 + $3.00 engraving - $6.50 (WELCOME10) + $14.75.
  await expect(checkout.total()).toHaveText('$76.20');
  await checkout.fillCard(TEST_CARDS.visa);
  await checkout.placeOrder();

  const { number, total } = await expectConfirmation(page);
  expect(total).toBe('$76.20');
  await expect.poll(() => outboxEmailsFor(number).length).toBe(1);
  expect(outboxEmailsFor(number)[0]).toContain('new.shopper@example.com');
});
