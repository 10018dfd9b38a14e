import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Locator, type Page, expect } from '@playwright/test';

/**
 * Checkout as a shopper does it, with bags built through the API (through the page's origin, as the storefront's
 * own scripts do), so these tests do not depend on the bag pages.
 */

export const TEST_CARDS = { visa: '4111 1111 1111 1111', declined: '4000 1111 1111 1115', badLuhn: '4111 1111 1111 1112' } as const;

export const TEXAS_ADDRESS = { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', state: 'Texas', postalCode: '78701' };

interface Charm {
  /** Words that find the product in the search (its name). */
  search: string;
  engraving?: { text: string; font: string };
  quantity?: number;
}

/** A shopper's session and bag, made through the API, shared with the browser (cookie and local storage). */
export class ShopperBag {
  sessionId = '';
  constructor(readonly page: Page) {}

  /** Creates a session and hands it to the browser as the storefront keeps it. */
  async start(): Promise<this> {
    const response = await this.page.request.post('/api/user-session', { data: {} });
    expect(response.ok()).toBe(true);
    const session = (await response.json()) as { id: string };
    this.sessionId = session.id;
    const url = new URL(process.env.E2E_BASE_URL!);
    await this.page.context().addCookies([{ name: 'user-session-id', value: session.id, domain: url.hostname, path: '/', sameSite: 'Lax' }]);
    await this.page.context().addInitScript((stored) => {
      window.localStorage.setItem('user-session-id', stored.id);
      window.localStorage.setItem('user-session', JSON.stringify(stored));
    }, session);
    return this;
  }

  private headers() {
    return { userSessionId: this.sessionId };
  }

  /** Adds the first product the search finds, in sterling silver, optionally engraved. */
  async add(charm: Charm): Promise<void> {
    const list = await this.page.request.get(`/api/products?${new URLSearchParams({ path: `/products/search/${charm.search}`, pageSize: '1' })}`);
    const [product] = ((await list.json()) as { products: { id: number; name: string }[] }).products;
    if (!product) throw new Error(`No product found for "${charm.search}"`);
    const response = await this.page.request.post('/api/shopping-cart/items', {
      headers: this.headers(),
      data: { productId: product.id, metalId: 40, quantity: charm.quantity ?? 1, ...(charm.engraving ? { engraving: charm.engraving } : {}) },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  async applyPromoCode(code: string): Promise<void> {
    const response = await this.page.request.get(`/api/shopping-cart/add/promo-code/${code}`, { headers: this.headers() });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** The bag's total in cents as the API prices it. */
  async totalCents(): Promise<number> {
    const response = await this.page.request.get('/api/shopping-cart', { headers: this.headers() });
    return ((await response.json()) as { tempOrder: { totals: { total: { cents: number } } } }).tempOrder.totals.total.cents;
  }
}

/** The /order/process page. */
export class CheckoutPage {
  readonly placeOrderButton: Locator;
  readonly cardNumber: Locator;

  constructor(readonly page: Page) {
    this.placeOrderButton = page.getByRole('button', { name: /^Place order/ });
    this.cardNumber = page.getByLabel('Card number');
  }

  async open() {
    await this.page.goto('/order/process');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await waitForHydration(this.page);
  }

  async fillContact(email = 'ann@example.com', phone = '512-555-0142') {
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByLabel('Phone', { exact: true }).fill(phone);
  }

  async fillShippingAddress(address = TEXAS_ADDRESS) {
    const section = this.page.getByRole('group', { name: 'Shipping address' });
    await section.getByLabel('First name').fill(address.firstName);
    await section.getByLabel('Last name').fill(address.lastName);
    await section.getByLabel('Street address').fill(address.address1);
    await section.getByLabel('City').fill(address.city);
    await section.getByLabel('ZIP code').fill(address.postalCode);
    await this.chooseState(address.state);
  }

  /** Choosing the state loads its shipping options (saved with the bag). */
  async chooseState(name: string) {
    await this.page.getByRole('group', { name: 'Shipping address' }).getByLabel('State', { exact: true }).selectOption({ label: name });
    await expect(this.shippingOption(/^Free Ground/)).toBeVisible();
  }

  shippingOption(name: RegExp) {
    return this.page.getByRole('group', { name: 'Shipping', exact: true }).getByRole('radio', { name });
  }

  async chooseShipping(name: RegExp, price: string) {
    await this.shippingOption(name).check();
    await expect(this.shippingOption(name)).toBeChecked();
    await expect(this.review().getByText(new RegExp(`^Shipping .*`)).locator('..')).toContainText(price);
  }

  review() {
    return this.page.getByRole('region', { name: 'Your order' });
  }

  total() {
    return this.review().getByTestId('order-total');
  }

  async fillCard(number: string, expiry = '12/30', cvv = '123') {
    await this.cardNumber.fill(number);
    await this.page.getByLabel('Expiry date (MM/YY)').fill(expiry);
    await this.page.getByLabel('Security code (CVV)').fill(cvv);
  }

  async placeOrder() {
    await this.placeOrderButton.click();
  }

  /** Contact, Texas address, the card: everything a purchase needs. */
  async fillAll(card: string = TEST_CARDS.visa) {
    await this.fillContact();
    await this.fillShippingAddress();
    await this.fillCard(card);
  }
}

/** The confirmation page after a purchase. */
export async function expectConfirmation(page: Page): Promise<{ number: string; total: string }> {
  await expect(page).toHaveURL(/\/order\/confirmation\/CB-\d+(\?token=[\w-]+)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const number = (await page.getByTestId('order-number').innerText()).trim();
  const total = (await page.getByTestId('order-total').innerText()).trim();
  return { number, total };
}

/** The shop's email outbox (`DATA_DIR/outbox`, exposed by global-setup as E2E_DATA_DIR): the .eml files naming an order. */
export function outboxEmailsFor(orderNumber: string): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the tests read the outbox of the shop that global-setup started');
  const outbox = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((file) => readFileSync(join(outbox, file), 'utf8')).filter((text) => text.includes(orderNumber));
}

/** A fresh address for each test, so each finds its own email in the outbox. */
export const freshAddress = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** window.dataLayer entries with this event name. */
export async function dataLayerEvents(page: Page, event: string): Promise<Record<string, unknown>[]> {
  return page.evaluate((name) => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((entry) => entry.event === name), event);
}

/** The page's scripts have run (the checkout needs them to read the card). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Array.isArray((window as unknown as { dataLayer?: unknown[] }).dataLayer) && (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.some((entry) => entry.event === 'page_view'));
}
