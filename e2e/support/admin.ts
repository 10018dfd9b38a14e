import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

/**
 * The admin as staff use it. global-setup.ts creates an owner account for the run (admin:create) and hands its
 * email and password on in E2E_STAFF_EMAIL and E2E_STAFF_PASSWORD.
 */
export function staffCredentials(): { email: string; password: string } {
  const email = process.env.E2E_STAFF_EMAIL;
  const password = process.env.E2E_STAFF_PASSWORD;
  if (!email || !password) throw new Error('E2E_STAFF_EMAIL and E2E_STAFF_PASSWORD are not set: global-setup creates the account');
  return { email, password };
}

/** Signs in on /account (from wherever the page is); lands on `next` or the dashboard. */
export async function signIn(page: Page, credentials = staffCredentials()) {
  if (!page.url().includes('/account')) await page.goto('/account');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
}

/** The admin's main navigation. */
export async function openAdminPage(page: Page, link: 'Dashboard' | 'Orders' | 'Phone order' | 'Content' | 'Staff') {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page');
}

/** No axe violations on the page as it is now (WCAG 2.2 AA rules, as the storefront's tests check). */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** One order's page in the admin, and its forms. */
export class AdminOrderPage {
  constructor(readonly page: Page) {}

  async expectStatus(label: string) {
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText(label);
  }

  async ship(carrier: string, trackingNumber: string) {
    const form = this.page.getByRole('region', { name: 'Ship', exact: true });
    await form.getByLabel('Carrier').selectOption(carrier);
    await form.getByLabel('Tracking number').fill(trackingNumber);
    await form.getByRole('button', { name: /^Mark shipped/ }).click();
    await expect(this.page.getByRole('status')).toContainText(`Shipped with ${carrier}`);
  }

  async refund(dollars: string, reason: string) {
    const form = this.page.getByRole('region', { name: 'Refund', exact: true });
    await form.getByLabel('Amount in dollars').fill(dollars);
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Refund this amount' }).click();
  }
}
