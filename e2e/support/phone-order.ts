import { type Page, expect } from '@playwright/test';

/** Adding an item is a round trip (the product's metals, then the totals); on a loaded CI machine it can pass 5 s. */
export const ITEM_ADDED_MS = 15_000;

/** The admin's phone-order form, as staff fill it in. */
export class PhoneOrderForm {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/admin/phone-order');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Phone order' })).toBeVisible();
  }

  /** With JavaScript: the form answers in place once hydrated. */
  async waitForScripts() {
    await expect(this.page.locator('form[data-hydrated]')).toHaveCount(1);
  }

  /** Searches the catalog and adds the product named `name` (exactly) as a new item. */
  async addProduct(search: string, name: string) {
    await this.page.getByLabel('Find a product').fill(search);
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
    const add = this.page.getByRole('button', { name: `Add ${name}`, exact: true });
    await add.click();
    await expect(this.item(name)).toBeVisible({ timeout: ITEM_ADDED_MS });
  }

  item(name: string) {
    return this.page.getByRole('group', { name: new RegExp(`^Item \\d+: ${name}$`) });
  }

  async fillCustomer(email = 'caller@example.com', phone = '512-555-0199') {
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByLabel('Phone', { exact: true }).fill(phone);
    const address = this.page.getByRole('group', { name: 'Shipping address' });
    await address.getByLabel('First name').fill('Cal');
    await address.getByLabel('Last name').fill('Ler');
    await address.getByLabel('Street address').fill('200 Congress Ave');
    await address.getByLabel('City').fill('Austin');
    await address.getByLabel('State', { exact: true }).selectOption({ label: 'Texas' });
    await address.getByLabel('ZIP code').fill('78701');
  }

  async fillCard(number: string, expiry = '12/30', cvv = '123') {
    await this.page.getByLabel('Card number').fill(number);
    await this.page.getByLabel('Expiry date (MM/YY)').fill(expiry);
    await this.page.getByLabel('Security code (CVV)').fill(cvv);
  }

  total() {
    return this.page.getByTestId('phone-order-total');
  }

  placeButton() {
    return this.page.getByRole('button', { name: /^Place order/ });
  }
}

/** The order as the admin's API answers it (the browser's staff session, read-only call). */
export async function adminOrder(page: Page, id: string) {
  const response = await page.request.get(`/api/admin-orders/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    source: string;
    paymentMethod: string;
    order: { status: string; totals: { total: { display: string }; engraving: { cents: number } }; lines: { name: string; description: string; engraving: { text: string } | null }[] };
  };
}
