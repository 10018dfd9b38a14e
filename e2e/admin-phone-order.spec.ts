import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/admin';
import { TEST_CARDS } from './support/checkout';
import { ITEM_ADDED_MS, PhoneOrderForm, adminOrder } from './support/phone-order';

const CHARM = { search: 'engravable heart padlock', name: 'Engravable Heart Padlock Charm' };

test('a phone order for an engraved 14k gold charm, paid by card through the test gateway: a decline first, then a good card', async ({ page }) => {
  const form = new PhoneOrderForm(page);
  await page.goto('/admin/phone-order');
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/phone-order$/);
  await form.waitForScripts();

  await form.addProduct(CHARM.search, CHARM.name);
  const item = form.item(CHARM.name);
  await item.getByLabel('Metal').selectOption({ label: (await item.getByLabel('Metal').locator('option', { hasText: /^14k Gold ·/ }).textContent()) ?? '' });
  await item.getByLabel('Text to engrave').fill('GRACE');
  await item.getByRole('radio', { name: /^Script/ }).check();
  // The storefront's engraving field: free on 14k gold, previewed in the font.
  await expect(item.getByTestId('engraving-summary')).toContainText('Engraving: free on 14k Gold.');
  // Totals follow as staff type (the quote, debounced): the line is engraved, no engraving charge.
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Engraved “GRACE”')).toBeVisible();
  await expect(totals.getByTestId('phone-order-totals')).not.toContainText('Engraving');
  await expect(form.total()).toHaveText(/^\$\d+\.\d{2}$/);
  const total = (await form.total().textContent())!;
  await expect(form.placeButton()).toHaveText(`Place order · ${total}`);
  // The total read to the customer goes with the order: at another total nothing would be charged (409).
  await expect(page.locator('input[name="expectedTotalCents"]')).toHaveValue(String(Math.round(Number(total.replace(/[$,]/g, '')) * 100)));

  await form.fillCustomer();
  await expect(form.total()).toHaveText(total);
  await expectNoAxeViolations(page);

  // A declined card: said at the card form in the gateway's words; nothing placed, the form as it was.
  await form.fillCard(TEST_CARDS.declined);
  await form.placeButton().click();
  await expect(page.getByRole('alert').filter({ hasText: /declined/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/phone-order$/);
  await expect(item.getByLabel('Text to engrave')).toHaveValue('GRACE');

  await form.fillCard(TEST_CARDS.visa);
  await form.placeButton().click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;
  const placed = await adminOrder(page, id);
  expect(placed).toMatchObject({ source: 'phone', paymentMethod: 'card', order: { status: 'paid' } });
  expect(placed.order.totals.total.display).toBe(total);
  expect(placed.order.lines[0]).toMatchObject({ name: CHARM.name, engraving: { text: 'GRACE' } });
  expect(placed.order.lines[0]!.description).toMatch(/14k Gold/);
});

test('without JavaScript: search, add, update totals and place a check order; it waits for the check', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
  const page = await context.newPage();
  const form = new PhoneOrderForm(page);
  await page.goto('/account');
  await signIn(page);
  await form.open();
  await form.addProduct(CHARM.search, CHARM.name);
  await form.item(CHARM.name).getByLabel('Quantity').fill('2');
  await form.fillCustomer('check.payer@example.com');
  await page.getByRole('button', { name: 'Update totals' }).click();
  await expect(form.total()).toHaveText(/^\$\d+\.\d{2}$/);
  const total = (await form.total().textContent())!;
  // What was typed comes back with the totals.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('check.payer@example.com');
  await page.getByRole('radio', { name: /^Check/ }).check();
  await form.placeButton().click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  const placed = await adminOrder(page, page.url().split('/').at(-1)!);
  expect(placed).toMatchObject({ source: 'phone', paymentMethod: 'check', order: { status: 'awaiting_payment' } });
  expect(placed.order.totals.total.display).toBe(total);
  await context.close();
});

test('a refused order says what to fix next to each field, in words, and takes staff to the first', async ({ page }) => {
  const form = new PhoneOrderForm(page);
  await page.goto('/admin/phone-order');
  await signIn(page);
  await form.waitForScripts();
  await form.addProduct(CHARM.search, CHARM.name);
  await page.getByRole('radio', { name: /^Check/ }).check();
  await page.getByLabel('Email', { exact: true }).fill('not an email');
  await form.placeButton().click();
  await expect(page.getByRole('alert').filter({ hasText: 'The order was not placed' })).toBeVisible();
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Email must be an email address/);
  await expect(page.getByRole('group', { name: 'Shipping address' }).getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/admin\/phone-order$/);
  await expectNoAxeViolations(page);
});

test('the form is usable at tablet width, by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  const form = new PhoneOrderForm(page);
  await page.goto('/admin/phone-order');
  await signIn(page);
  await form.waitForScripts();
  await page.getByLabel('Find a product').focus();
  await page.keyboard.type(CHARM.search);
  await page.keyboard.press('Enter');
  const add = page.getByRole('button', { name: `Add ${CHARM.name}`, exact: true });
  // The results' buttons wait (disabled) while the search's answer settles; a keyboard user reaches them after.
  await expect(add).toBeEnabled();
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(form.item(CHARM.name)).toBeVisible({ timeout: ITEM_ADDED_MS });
  await expect(form.total()).toHaveText(/^\$\d+\.\d{2}$/);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await expectNoAxeViolations(page);
});
