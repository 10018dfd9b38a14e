import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { CheckoutPage, ShopperBag, TEST_CARDS, dataLayerEvents, expectConfirmation, outboxEmailsFor, waitForHydration } from './support/checkout';

/** Checkout and order confirmation (issue 6), from bags built through the API. */

const ENGRAVED_PADLOCK = { search: 'Engravable Heart Padlock Charm', engraving: { text: 'LOVE', font: 'script' } };

async function engravedBagWithWelcome10(page: Page): Promise<ShopperBag> {
  const bag = await new ShopperBag(page).start();
  await bag.add(ENGRAVED_PADLOCK);
  await bag.applyPromoCode('WELCOME10');
  return bag;
}

test.describe('checkout', () => {
  test('a full purchase: engraved charm, WELCOME10, Texas, 2-3 day, Visa -> confirmation, email, purchase event once', async ({ page }) => {
    await engravedBagWithWelcome10(page);
    const checkout = new CheckoutPage(page);
    await checkout.open();

    const review = checkout.review();
    await expect(review.getByText('Engraved “LOVE” in Script')).toBeVisible();
    await expect(review.getByText('Sterling Silver', { exact: true })).toBeVisible();
    await expect(review.getByText('Discount (WELCOME10)')).toBeVisible();
    await expect(page.getByText('Test mode: no card is charged.')).toBeVisible();

    await checkout.fillContact();
    await checkout.fillShippingAddress();
    await checkout.chooseShipping(/^2-3 Day/, '$14.75');
    // $64.95 charm + $3.00 engraving (4 characters) - $6.50 (10% of $64.95, rounded) + $14.75 shipping.
    await expect(checkout.total()).toHaveText('$76.20');
    await checkout.fillCard(TEST_CARDS.visa);
    await checkout.placeOrder();

    const { number, total } = await expectConfirmation(page);
    expect(total).toBe('$76.20');
    await expect(page.getByText('Engraved “LOVE” in')).toBeVisible();
    await expect(page.getByText('Shipping (2-3 Day)')).toBeVisible();
    await expect(page.getByText('Personalized and engraved items cannot be returned.')).toBeVisible();
    await expect(page.getByText(/Estimated ship date: \w+day, \w+ \d+/)).toBeVisible();

    // The GA4 funnel, in order, then the purchase once.
    const names = await page.evaluate(() => ((window as unknown as { dataLayer: { event?: string }[] }).dataLayer ?? []).map((entry) => entry.event).filter(Boolean));
    const funnel = ['begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase'].map((name) => names.indexOf(name));
    expect(funnel.every((index) => index >= 0)).toBe(true);
    expect([...funnel].sort((a, b) => a - b)).toEqual(funnel);
    const purchases = await dataLayerEvents(page, 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ ecommerce: { transaction_id: number, value: 76.2, coupon: 'WELCOME10' } });

    await page.reload();
    await expectConfirmation(page);
    await waitForHydration(page);
    expect(await dataLayerEvents(page, 'page_view')).toHaveLength(1);
    expect(await dataLayerEvents(page, 'purchase')).toHaveLength(0);

    // The confirmation email, once, in the shop's outbox.
    await expect.poll(() => outboxEmailsFor(number).length).toBe(1);
    expect(outboxEmailsFor(number)[0]).toContain('ann@example.com');
  });

  test('a declined card shows the reason at the card form, keeps everything typed, and another card then works', async ({ page }) => {
    await engravedBagWithWelcome10(page);
    const checkout = new CheckoutPage(page);
    await checkout.open();
    await checkout.fillAll(TEST_CARDS.declined);
    await page.getByLabel('Gift message').fill('Happy birthday, Mum');
    const firstKey = await page.locator('input[name="idempotencyKey"]').inputValue();
    await checkout.placeOrder();

    const payment = page.getByRole('group', { name: 'Payment' });
    await expect(payment.getByRole('alert')).toContainText(/declined/i);
    await expect(page).toHaveURL(/\/order\/process$/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ann@example.com');
    await expect(page.getByRole('group', { name: 'Shipping address' }).getByLabel('City')).toHaveValue('Austin');
    await expect(page.getByLabel('Gift message')).toHaveValue('Happy birthday, Mum');
    // A decline ends that attempt: the next one is a new payment.
    await expect(page.locator('input[name="idempotencyKey"]')).not.toHaveValue(firstKey);

    await checkout.fillCard(TEST_CARDS.visa);
    await checkout.placeOrder();
    const { number } = await expectConfirmation(page);
    await expect(page.getByText('Happy birthday, Mum')).toBeVisible();
    await expect.poll(() => outboxEmailsFor(number).length).toBe(1);
  });

  test('a bag that changed after the checkout opened is not charged: the page shows the new total, and the next click pays it', async ({ page }) => {
    const bag = await engravedBagWithWelcome10(page);
    const checkout = new CheckoutPage(page);
    await checkout.open();
    await checkout.fillAll();
    const shown = await checkout.total().textContent();
    // Another tab adds a charm while this one shows the old total.
    await bag.add({ search: 'Engravable Heart Padlock Charm' });
    const now = `$${((await bag.totalCents()) / 100).toFixed(2)}`;
    expect(now).not.toBe(shown);
    await checkout.placeOrder();

    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was charged' })).toContainText(`Your order's total is now ${now}, not the ${shown} you were shown.`);
    await expect(page).toHaveURL(/\/order\/process$/);
    await expect(checkout.total()).toHaveText(now);
    await expect(checkout.placeOrderButton).toHaveText(`Place order · ${now}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ann@example.com');

    await checkout.placeOrder();
    const { total } = await expectConfirmation(page);
    expect(total).toBe(now);
  });

  test('a card number that fails the Luhn check is refused in the form, and nothing is sent', async ({ page }) => {
    await engravedBagWithWelcome10(page);
    const checkout = new CheckoutPage(page);
    await checkout.open();
    await checkout.fillAll(TEST_CARDS.badLuhn);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await checkout.placeOrder();
    await expect(page.getByText('Check the card number')).toBeVisible();
    await expect(checkout.cardNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(checkout.cardNumber).toHaveAccessibleDescription('Check the card number');
    await expect(checkout.cardNumber).toBeFocused();
    expect(posts).toEqual([]);
  });

  test('an empty form names every missing field at once, card and address alike, and focuses the first', async ({ page }) => {
    await engravedBagWithWelcome10(page);
    const checkout = new CheckoutPage(page);
    await checkout.open();
    await checkout.placeOrder();

    const shipping = page.getByRole('group', { name: 'Shipping address' });
    const fields = [
      page.getByLabel('Email', { exact: true }),
      page.getByLabel('Phone', { exact: true }),
      shipping.getByLabel('First name'),
      shipping.getByLabel('Last name'),
      shipping.getByLabel('Street address'),
      shipping.getByLabel('City'),
      shipping.getByLabel('State', { exact: true }),
      shipping.getByLabel('ZIP code'),
      checkout.cardNumber,
      page.getByLabel('Expiry date (MM/YY)'),
      page.getByLabel('Security code (CVV)'),
    ];
    for (const field of fields) await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(fields[0]!).toBeFocused();
    await expect(fields[0]!).toHaveAccessibleDescription(/Email/);
    await expect(page).toHaveURL(/\/order\/process$/);
  });

  test('missing details are named beside their fields, and what was typed stays', async ({ page }) => {
    await engravedBagWithWelcome10(page);
    const checkout = new CheckoutPage(page);
    await checkout.open();
    await checkout.fillContact('not-an-email');
    await page.getByRole('group', { name: 'Shipping address' }).getByLabel('First name').fill('Ann');
    await checkout.fillCard(TEST_CARDS.visa);
    await checkout.placeOrder();

    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/must be an email address/);
    await expect(email).toBeFocused();
    const city = page.getByRole('group', { name: 'Shipping address' }).getByLabel('City');
    await expect(city).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('group', { name: 'Shipping address' }).getByLabel('First name')).toHaveValue('Ann');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('512-555-0142');
    await expect(page.getByRole('alert').first()).toContainText('Please check the fields marked below.');
  });

  test('what was typed survives a reload and a visit to the bag, the card never; after an order the next checkout starts empty', async ({ page }) => {
    const bag = await new ShopperBag(page).start();
    await bag.add({ search: 'Heart Key Charm' });
    const checkout = new CheckoutPage(page);
    await checkout.open();
    await checkout.fillContact();
    await checkout.fillShippingAddress();
    await page.getByLabel('Same as the shipping address').uncheck();
    const billing = page.getByRole('group', { name: 'Billing address' });
    await billing.getByLabel('First name').fill('Bea');
    await page.getByLabel('Gift message').fill('Happy birthday, Mum');
    await checkout.fillCard(TEST_CARDS.visa);

    const shipping = page.getByRole('group', { name: 'Shipping address' });
    const expectDetailsKept = async () => {
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ann@example.com');
      await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('512-555-0142');
      await expect(shipping.getByLabel('First name')).toHaveValue('Ann');
      await expect(shipping.getByLabel('Last name')).toHaveValue('Lee');
      await expect(shipping.getByLabel('Street address')).toHaveValue('100 Congress Ave');
      await expect(shipping.getByLabel('City')).toHaveValue('Austin');
      await expect(shipping.getByLabel('State', { exact: true })).toHaveValue('TX');
      await expect(shipping.getByLabel('ZIP code')).toHaveValue('78701');
      await expect(page.getByLabel('Same as the shipping address')).not.toBeChecked();
      await expect(billing.getByLabel('First name')).toHaveValue('Bea');
      await expect(page.getByLabel('Gift message')).toHaveValue('Happy birthday, Mum');
    };
    const expectNoCard = async () => {
      await expect(checkout.cardNumber).toHaveValue('');
      await expect(page.getByLabel('Expiry date (MM/YY)')).toHaveValue('');
      await expect(page.getByLabel('Security code (CVV)')).toHaveValue('');
    };

    await page.reload();
    await waitForHydration(page);
    await expectDetailsKept();
    await expectNoCard();

    await page.getByRole('link', { name: 'Back to your bag' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Bag' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Buy Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expectDetailsKept();
    await expectNoCard();
    // Only this tab keeps them, and never a card number or security code.
    const kept = await page.evaluate(() => JSON.stringify(Object.entries(window.sessionStorage)));
    expect(kept).toContain('Congress');
    expect(kept).not.toMatch(/4111|12\/30/);
    expect(await page.evaluate(() => JSON.stringify(Object.entries(window.localStorage)))).not.toContain('Congress');
    expect((await page.context().cookies()).map((cookie) => decodeURIComponent(cookie.value)).join(' ')).not.toContain('Congress');

    await page.getByLabel('Same as the shipping address').check();
    await checkout.fillCard(TEST_CARDS.visa);
    await checkout.placeOrder();
    await expectConfirmation(page);

    await bag.add({ search: 'Heart Key Charm' });
    await checkout.open();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
    await expect(shipping.getByLabel('First name')).toHaveValue('');
    await expect(shipping.getByLabel('Street address')).toHaveValue('');
    await expect(page.getByLabel('Gift message')).toHaveValue('');
    expect(await page.evaluate(() => JSON.stringify(Object.entries(window.sessionStorage)))).not.toContain('Congress');
  });

  test('a shopper with an empty bag, or with no session, is sent to the bag', async ({ page, browser }, testInfo) => {
    await new ShopperBag(page).start();
    await page.goto('/order/process');
    await expect(page).toHaveURL(/\/order$/);

    const context = await browser.newContext(testInfo.project.use);
    const stranger = await context.newPage();
    await stranger.goto('/order/process');
    await expect(stranger).toHaveURL(/\/order$/);
    await context.close();
  });

  test('the confirmation (with the PhotoArt instruction) is not found for another session, and opens with the signed link from the email', async ({ page, browser }, testInfo) => {
    const bag = await engravedBagWithWelcome10(page);
    await bag.add({ search: 'PhotoArt' });
    const placed = await placeThroughApi(page, bag);

    await page.goto(`/order/confirmation/${placed.number}`);
    await expectConfirmation(page);
    await expect(page.getByRole('region', { name: 'Your PhotoArt photo' })).toContainText(`Please email the photo for your PhotoArt charm to photoart@charms.example with your order number, ${placed.number}.`);

    const context = await browser.newContext(testInfo.project.use);
    const other = await context.newPage();
    await new ShopperBag(other).start();
    const response = await other.goto(`/order/confirmation/${placed.number}`);
    expect(response?.status()).toBe(404);
    await expect(other.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    const linked = await other.goto(placed.signedPath);
    expect(linked?.status()).toBe(200);
    expect(linked?.headers()['cache-control']).toContain('no-store');
    await expectConfirmation(other);
    // Only the shopper's own first view counts the sale.
    expect(await dataLayerEvents(other, 'purchase')).toHaveLength(0);
    await context.close();
  });
});

test.describe('checkout form posts (the server is the guard)', () => {
  const form = (key: string) => ({
    intent: 'place-order',
    idempotencyKey: key,
    paymentMethodNonce: 'fake-valid-visa-nonce',
    'customer.email': 'ann@example.com',
    'customer.phone': '512-555-0142',
    'shippingAddress.firstName': 'Ann',
    'shippingAddress.lastName': 'Lee',
    'shippingAddress.address1': '100 Congress Ave',
    'shippingAddress.city': 'Austin',
    'shippingAddress.stateProvince': 'TX',
    'shippingAddress.postalCode': '78701',
    billingSame: 'on',
    shippingTypeId: 'ground',
  });

  test('the same attempt posted twice (a double click) places one order', async ({ page }) => {
    await engravedBagWithWelcome10(page);
    const post = () => page.request.post('/order/process', { form: form('double-click-123456'), maxRedirects: 0 });
    const [first, second] = await Promise.all([post(), post()]);
    expect(first.status()).toBe(302);
    expect(second.status()).toBe(302);
    expect(first.headers().location).toMatch(/^\/order\/confirmation\/CB-\d+$/);
    expect(second.headers().location).toBe(first.headers().location);
  });

  test('a post from another site is refused and charges nothing', async ({ page }) => {
    const bag = await engravedBagWithWelcome10(page);
    const before = await bag.totalCents();
    const response = await page.request.post('/order/process', { form: form('cross-site-123456'), headers: { origin: 'https://evil.example' }, maxRedirects: 0 });
    // React Router refuses a cross-origin action itself (400); the action's own Origin check answers 403 behind it.
    expect([400, 403]).toContain(response.status());
    expect(await bag.totalCents()).toBe(before);
  });
});

test.describe('checkout accessibility (axe, WCAG 2.2 AA)', () => {
  for (const which of ['checkout', 'confirmation'] as const) {
    test(`the ${which} page has no violations`, async ({ browser }, testInfo) => {
      const context = await browser.newContext(testInfo.project.use);
      const page = await context.newPage();
      const bag = await engravedBagWithWelcome10(page);
      if (which === 'checkout') {
        const checkout = new CheckoutPage(page);
        await checkout.open();
        await checkout.chooseState('Texas');
      } else {
        const placed = await placeThroughApi(page, bag);
        await page.goto(`/order/confirmation/${placed.number}`);
        await expectConfirmation(page);
      }
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }
});

/** An order placed straight through the API (for tests about the confirmation page itself). */
async function placeThroughApi(page: Page, bag: ShopperBag): Promise<{ number: string; signedPath: string }> {
  const response = await page.request.post('/api/shopping-cart/complete-order', {
    headers: { userSessionId: bag.sessionId },
    data: {
      paymentMethodNonce: 'fake-valid-visa-nonce',
      idempotencyKey: `e2e-${bag.sessionId}`,
      customer: { email: 'ann@example.com', phone: '512-555-0142' },
      shippingAddress: { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' },
      shippingTypeId: 'ground',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { order: { number: string; signedPath: string } }).order;
}
