import { type Page, expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/admin';
import { Bag, PRODUCTS } from './support/bag';
import { CheckoutPage, TEST_CARDS, expectConfirmation } from './support/checkout';

/** A shopper's own browser (no staff session), applying a code in the bag. */
async function shopperApplies(page: Page, code: string) {
  const bag = new Bag(page);
  await bag.addCharm(PRODUCTS.charm.path('sterling-silver'));
  await bag.open();
  await bag.applyPromo(code);
  return bag;
}

test('an owner creates a code, a shopper uses it, the code shows its use and revenue, and once ended the bag refuses it', async ({ page, browser }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/admin/promotions');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Promotions', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'New promotion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New promotion' })).toBeVisible();
  // A mistake first: said beside the field, with what was typed kept.
  await page.getByLabel('Code').fill(code.toLowerCase());
  await page.getByLabel('Description').fill('Fifteen percent for the e2e run');
  await page.getByLabel('Value').fill('150');
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByText('must be a whole percent from 1 to 100', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Nothing was saved: one field needs a correction (marked below).');
  await expect(page.getByLabel('Code')).toHaveValue(code.toLowerCase());
  await expect(page.getByLabel('Value')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.getByLabel('Value').fill('15');
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(code) })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`shoppers can apply ${code}`);
  await expect(page.getByRole('region', { name: 'Changes' })).toContainText('Created by');
  await expectNoAxeViolations(page);
  const promotionUrl = page.url();

  // The shopper, in a browser of their own.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const bag = await shopperApplies(shopper, code.toLowerCase());
  await bag.expectMessage(new RegExp(`Promo code ${code} applied`));
  const checkout = new CheckoutPage(shopper);
  await checkout.open();
  await checkout.fillContact();
  await checkout.fillShippingAddress();
  await checkout.chooseShipping(/^Free Ground/, 'Free');
  await checkout.fillCard(TEST_CARDS.visa);
  await checkout.placeOrder();
  const { number, total } = await expectConfirmation(shopper);

  await page.goto(promotionUrl);
  const numbers = page.getByRole('region', { name: 'Uses and revenue' });
  await expect(numbers).toContainText('Orders with the code1');
  await expect(numbers).toContainText(total);
  await expect(page.getByRole('region', { name: 'Latest orders with the code' }).getByRole('link', { name: number })).toBeVisible();

  // End it: asked first, then ended; the shopper's bag now gives its usual message.
  await page.getByRole('button', { name: 'End now…' }).click();
  await expect(page.getByText('End this code now?')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Yes, end ${code} now` }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(code) })).toContainText('Ended');
  await expect(page.getByRole('region', { name: 'Changes' })).toContainText('Ended by');

  // The activity page shows the same trail beside every other change, and leads back to the code.
  const codePath = new URL(page.url()).pathname;
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity', exact: true }).click();
  await page.getByLabel('Show').selectOption('promotion');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/type=promotion/);
  const trail = page.getByRole('region', { name: 'Changes, newest first' });
  const ofThisCode = trail.getByRole('listitem').filter({ has: page.locator(`a[href="${codePath}"]`) });
  await expect(ofThisCode.first()).toContainText('ended by');
  await expect(ofThisCode.last()).toContainText('created by');
  await expectNoAxeViolations(page);
  await ofThisCode.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(code) })).toBeVisible();

  const later = await shopperApplies(shopper, code);
  await later.expectMessage('That promo code is not valid');
  await shopperContext.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the new-promotion form posts as a plain form: a mistake comes back beside its field with the values kept, then the code is created', async ({ page }) => {
    const code = `NOJS${Date.now().toString(36).toUpperCase()}`;
    await page.goto('/admin/promotions/new');
    await signIn(page);
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Description').fill('Five dollars off, typed without scripts');
    await page.getByRole('radio', { name: 'Dollars off merchandise' }).check();
    await page.getByLabel('Value').fill('5.999');
    await page.getByRole('button', { name: 'Create promotion' }).click();
    await expect(page.getByText('must be an amount in dollars with at most two decimals, such as 12.50', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Code')).toHaveValue(code);
    await expect(page.getByRole('radio', { name: 'Dollars off merchandise' })).toBeChecked();
    await page.getByLabel('Value').fill('5');
    await page.getByRole('button', { name: 'Create promotion' }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(code) })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Uses and revenue' })).toContainText('$5.00 off');
  });
});
