import { expect, test } from '@playwright/test';
import { AdminOrderPage, expectNoAxeViolations, openAdminPage, signIn, signOut, staffCredentials } from './support/admin';
import { CheckoutPage, ShopperBag, expectConfirmation, outboxEmailsFor } from './support/checkout';

test.describe('the admin, signed out', () => {
  test('nothing of the admin shows before sign-in: every admin page sends the browser to sign in', async ({ page }) => {
    const response = await page.goto('/admin/orders?status=paid');
    await expect(page).toHaveURL(/\/account\?next=%2Fadmin%2Forders%3Fstatus%3Dpaid$/);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
    // The staff pages have their own look: none of the storefront's header, menu or footer.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /bag/i })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a wrong password gets one generic message, and the form again', async ({ page }) => {
    await page.goto('/account');
    await page.getByLabel('Email').fill(staffCredentials().email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('That email and password do not match');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  });
});

test.describe('the admin, signed in', () => {
  test('sign in, back to the page asked for; the shell, its nav and the staff page; sign out ends the session', async ({ page }) => {
    await page.goto('/admin/staff');
    await signIn(page);
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByRole('banner')).toContainText('Signed in as Robin Owner');
    await expect(page.getByRole('banner').getByRole('link', { name: 'View shop (opens in a new tab)' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('main')).toBeVisible();

    for (const link of ['Dashboard', 'Orders', 'Phone order', 'Content', 'Staff'] as const) {
      await openAdminPage(page, link);
    }
    // The skip link leads to the page's main content.
    await page.goto('/admin');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

    await signOut(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  });

  test('a form without its CSRF token is refused, and the page says so (forms work without JavaScript)', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/account');
    await signIn(page);
    await page.locator('form.admin-sign-out input[name="csrf"]').evaluate((input) => input.setAttribute('value', ''));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('main')).toContainText('could not be verified');
    // Still signed in: nothing changed.
    await page.goto('/admin');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await context.close();
  });

  test('an address under /admin that no page claims: the admin\'s not-found page, signed in only', async ({ page }) => {
    await page.goto('/admin/no-such-page');
    await expect(page).toHaveURL(/\/account\?next=/);
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  });
});

test.describe('staff accounts (owners)', () => {
  test('an owner adds a staff account, changes its role, disables and enables it, sets its password; staff see no Staff page', async ({ page, browser }, testInfo) => {
    const email = `sam.${Date.now()}@e2e.example`;
    await page.goto('/account');
    await signIn(page);
    await openAdminPage(page, 'Staff');
    await expectNoAxeViolations(page);
    // An owner's own card offers no disabling or role change (the API would refuse them).
    const own = page.getByRole('listitem').filter({ hasText: staffCredentials().email });
    await expect(own).toContainText('this is you');
    await expect(own.getByRole('button', { name: /^Disable|^Change role/ })).toHaveCount(0);

    const add = page.getByRole('region', { name: 'Add an account', exact: true });
    await add.getByLabel('Name').fill('Sam Staff');
    // The API's refusal (an email already in use) is said next to the form.
    await add.getByLabel('Email').fill(staffCredentials().email);
    await add.getByLabel('Role').selectOption('staff');
    await add.getByLabel('Password').fill('sam first password');
    await add.getByRole('button', { name: 'Add account' }).click();
    await expect(add.getByRole('alert')).toHaveText('Another staff account already uses this email.');

    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password').fill('sam first password');
    await add.getByRole('button', { name: 'Add account' }).click();
    await expect(add.getByRole('status')).toContainText(`Added Sam Staff (${email}) as staff`);
    const card = page.getByRole('listitem', { name: 'Sam Staff' });
    await expect(card).toContainText('Active');

    await card.getByLabel('Role').selectOption('owner');
    await card.getByRole('button', { name: 'Change role' }).click();
    await expect(card.getByRole('status')).toHaveText('Sam Staff is now an owner.');
    await card.getByLabel('Role').selectOption('staff');
    await card.getByRole('button', { name: 'Change role' }).click();
    await expect(card.getByRole('status')).toHaveText('Sam Staff is now staff.');

    await card.getByRole('button', { name: 'Disable Sam Staff' }).click();
    await expect(card.getByRole('status')).toContainText('is disabled');
    await expect(card).toContainText('Disabled');
    await card.getByRole('button', { name: 'Enable Sam Staff' }).click();
    await expect(card.getByRole('status')).toContainText('can sign in again');

    await card.getByLabel('New password').fill('sam second password');
    await card.getByRole('button', { name: 'Set password' }).click();
    await expect(card.getByRole('status')).toContainText('has a new password');
    await expectNoAxeViolations(page);

    // Sam, staff: signs in with the new password; no Staff link, and the page itself says owners only.
    const sams = await browser.newContext(testInfo.project.use);
    const samPage = await sams.newPage();
    await samPage.goto('/account');
    await signIn(samPage, { email, password: 'sam second password' });
    await expect(samPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await samPage.goto('/admin/staff');
    await expect(samPage.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expect(samPage.getByRole('main')).toContainText('Only an owner can do this.');
    await sams.close();
  });
});

test.describe('orders', () => {
  test('find the order a shopper just placed, ship it with a tracking number (the shipping email goes out), refund part of it', async ({ page, browser }, testInfo) => {
    // A shopper buys an engraved charm.
    const shopper = await browser.newContext(testInfo.project.use);
    const shopperPage = await shopper.newPage();
    const bag = await new ShopperBag(shopperPage).start();
    await bag.add({ search: 'engravable heart padlock', engraving: { text: 'MAY', font: 'script' } });
    const checkout = new CheckoutPage(shopperPage);
    await checkout.open();
    await checkout.fillAll();
    await checkout.placeOrder();
    const { number } = await expectConfirmation(shopperPage);
    await shopper.close();

    await page.goto('/account');
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent orders', exact: true }).getByRole('link', { name: number })).toBeVisible();
    await expectNoAxeViolations(page);

    // The orders list: search by number; the filters stay in the address.
    await openAdminPage(page, 'Orders');
    await page.getByRole('searchbox', { name: 'Search' }).fill(number);
    await page.getByLabel('Status').selectOption('paid');
    await page.getByRole('button', { name: 'Show orders' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${number}.*status=paid`));
    await expect(page.getByRole('heading', { name: '1 order' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', new RegExp(`/api/admin-orders/export\\.csv\\?q=${number}&status=paid`));
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: number }).click();

    const order = new AdminOrderPage(page);
    await order.expectStatus('Paid');
    await expect(page.getByRole('main')).toContainText('MAY');
    await expect(page.getByRole('region', { name: 'History', exact: true })).toContainText(/placed/i);
    await expectNoAxeViolations(page);

    await order.ship('USPS', '9400 1000 0000 0000 0000 00');
    await order.expectStatus('Shipped');
    await expect(page.getByRole('region', { name: 'Shipping', exact: true })).toContainText('9400100000000000000000');
    await expect.poll(() => outboxEmailsFor(number).some((email) => email.includes('9400100000000000000000')), { timeout: 15_000 }).toBe(true);

    await order.refund('5.00', 'A scratch on the clasp');
    await expect(page.getByRole('status')).toHaveText('Refunded $5.00.');
    await expect(page.getByRole('table', { name: 'Refunds' })).toContainText('$5.00');
    await expect(page.getByRole('region', { name: 'History', exact: true })).toContainText('A scratch on the clasp');

    // A refund above what is left is refused in words next to the form, and nothing changes.
    await order.refund('100000', 'Too much');
    await expect(page.getByRole('region', { name: 'Refund', exact: true }).getByRole('alert')).toContainText('at most');

    // The packing slip: what goes in the box, no prices.
    await page.getByRole('link', { name: 'Packing slip' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('MAY');
    await expect(page.getByRole('main')).toContainText('Font: Script');
    await expect(page.getByRole('main')).not.toContainText('$');
    await expectNoAxeViolations(page);

    await signOut(page);
    await page.goto(`/admin/orders`);
    await expect(page).toHaveURL(/\/account\?next=/);
  });
});
