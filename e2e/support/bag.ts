import { type Page, expect } from '@playwright/test';
import { waitForHydration } from './checkout';

/** Products of the seed catalog the bag tests use. */
export const PRODUCTS = {
  engravableCharm: { name: 'Engravable Heart Padlock Charm', path: (metal: string) => `/products/heart-charms/${metal}/engravable-heart-padlock-charm/1889` },
  charm: { name: 'Heart Key Charm', path: (metal: string) => `/products/heart-charms/${metal}/heart-key-charm/1838` },
  bracelet: { name: 'Bangle Charm Bracelet', path: (metal: string) => `/products/rembrandt-bracelets/${metal}/7-inch/bangle-charm-bracelet/3007` },
} as const;

/** The add-to-bag form and the bag page, as a shopper uses them. */
export class Bag {
  constructor(readonly page: Page) {}

  /** Opens a product page and adds it, with an engraving when given; waits for the confirmation. */
  async addCharm(path: string, options: { quantity?: number; engraving?: { text: string; font?: string } } = {}) {
    await this.page.goto(path);
    await this.waitForSession();
    await this.fillAddForm(options);
    await this.page.getByRole('button', { name: 'Add to bag' }).click();
    await expect(this.page.getByRole('status').getByText('Added to your bag.')).toBeVisible();
  }

  /**
   * With JavaScript the page hydrates (its scripts start after the first paint), then starts (or adopts) the
   * shopper's session and mirrors its id in a cookie; a shopper is rarely faster than that, a test is.
   */
  async waitForSession() {
    if (await this.waitForScripts()) await this.page.waitForFunction(() => document.cookie.includes('user-session-id='));
  }

  /** With JavaScript on, waits for the page to hydrate (its scripts start after the first paint); says whether it is on. */
  private async waitForScripts(): Promise<boolean> {
    const on = await this.page.evaluate(() => document.documentElement.classList.contains('js'));
    if (on) await waitForHydration(this.page);
    return on;
  }

  async fillAddForm({ quantity, engraving }: { quantity?: number; engraving?: { text: string; font?: string } }) {
    if (quantity !== undefined) await this.page.getByLabel('Quantity').fill(String(quantity));
    if (engraving) {
      await this.page.getByLabel('Text to engrave').fill(engraving.text);
      if (engraving.font) await this.page.getByRole('radio', { name: engraving.font, exact: true }).check();
    }
  }

  /** The bag page; with JavaScript, once it has hydrated (its dialogs need the scripts, which start after the paint). */
  async open() {
    await this.page.goto('/order');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Shopping Bag' })).toBeVisible();
    await this.waitForScripts();
  }

  lines() {
    return this.page.getByRole('list', { name: 'Items in your bag' }).getByRole('listitem');
  }

  line(name: string) {
    return this.lines().filter({ has: this.page.getByRole('heading', { name }) });
  }

  async expectTotal(display: string) {
    await expect(this.page.getByTestId('bag-total')).toHaveText(display);
  }

  /** A row of the totals, e.g. ('Engraving', '$3.75'). */
  async expectTotalsRow(label: string | RegExp, value: string) {
    const row = this.page.locator('.bag-totals__row').filter({ has: this.page.getByRole('term').filter({ hasText: label }) });
    await expect(row.getByRole('definition')).toHaveText(value);
  }

  async expectMessage(text: string | RegExp) {
    await expect(this.page.getByRole('status').filter({ hasText: text })).toBeVisible();
  }

  async setQuantity(name: string, quantity: number) {
    await this.page.getByLabel(`Quantity of ${name}`).fill(String(quantity));
    await this.page.getByRole('button', { name: `Update quantity of ${name}` }).click();
    await expect(this.page.getByLabel(`Quantity of ${name}`)).toHaveValue(String(quantity));
  }

  async remove(name: string) {
    await this.page.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
    await expect(this.line(name)).toHaveCount(0);
  }

  async applyPromo(code: string) {
    await this.page.getByLabel('Promo code').fill(code);
    await this.page.getByRole('button', { name: 'Apply' }).click();
  }

  async chooseShipping(state: string, type: string) {
    await this.page.getByLabel('Ship to state').selectOption({ label: state });
    await expect(this.page.getByRole('group', { name: `Shipping to ${state}` })).toBeVisible();
    await this.page.getByRole('radio', { name: new RegExp(`^${type}`) }).check();
  }

  headerBag() {
    return this.page.getByRole('banner').getByRole('link', { name: /Shopping Bag/ });
  }

  /** The header's count (it arrives after the page has hydrated) and Buy Now beside it (wide screens). */
  async expectHeaderCount(count: number) {
    await expect(this.headerBag()).toHaveAccessibleName(`Shopping Bag ${count} ${count === 1 ? 'item' : 'items'}`);
    await expect(this.page.getByRole('banner').getByRole('link', { name: 'Buy Now' })).toBeVisible();
  }
}
