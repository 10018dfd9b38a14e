import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, openAdminPage, signIn, signOut, staffCredentials } from './support/admin';

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
