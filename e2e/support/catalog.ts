import { type Locator, type Page, expect } from '@playwright/test';

/** Dollar amounts as shown ("$1,234.50") to cents. */
export function cents(text: string): number {
  const match = /\$([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`No price in "${text}"`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

/** A category or search listing, as a shopper sees and uses it. */
export class ListingPage {
  readonly products: Locator;
  readonly cards: Locator;

  constructor(readonly page: Page) {
    this.products = page.getByRole('list', { name: 'Products', exact: true });
    this.cards = this.products.getByRole('listitem');
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The summary line, e.g. "Showing 1–48 of 68 products in Sterling Silver" (counts with thousands commas: 1,000). */
  summary() {
    return this.page.getByText(/^(Showing [\d,]+–[\d,]+ of )?[\d,]+ products? in /);
  }

  async open(path: string) {
    await this.page.goto(path);
    await expect(this.heading()).toBeVisible();
  }

  async chooseMetal(name: string) {
    await this.page.getByRole('navigation', { name: 'Metal' }).getByRole('link', { name, exact: true }).click();
    await expect(this.page.getByRole('navigation', { name: 'Metal' }).getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'true');
  }

  async chooseLength(inches: number) {
    const link = this.page.getByRole('navigation', { name: 'Bracelet length' }).getByRole('link', { name: `${inches}″ inches` });
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'true');
  }

  async sortBy(label: string) {
    await this.page.getByLabel('Sort by').selectOption({ label });
    await this.page.getByRole('button', { name: 'Sort', exact: true }).click();
  }

  async goToPage(target: number | 'Next' | 'Previous') {
    const pages = this.page.getByRole('navigation', { name: 'Pages' });
    await (typeof target === 'number' ? pages.getByRole('link', { name: `Page ${target}`, exact: true }) : pages.getByRole('link', { name: `${target} page` })).click();
  }

  /** The prices shown on the cards, in cents, in order; null for a product not made in the metal. */
  async prices(): Promise<(number | null)[]> {
    // The summary line can arrive before the grid (the page streams), and reading now would find no card at all.
    await expect(this.cards.first()).toBeVisible();
    const texts = await this.cards.allInnerTexts();
    return texts.map((text) => (/\$[\d,]+\.\d\d/.test(text) ? cents(text) : null));
  }

  async names(): Promise<string[]> {
    return this.products.getByRole('link').filter({ hasNotText: 'See other metals' }).allInnerTexts();
  }

  async openProduct(name: string) {
    await this.products.getByRole('link', { name, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
}

/** A product page. */
export class ProductPage {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  price() {
    return this.page.getByTestId('product-price');
  }

  metalOption(name: string) {
    return this.page.getByRole('region', { name: 'Metal' }).getByRole('link', { name: new RegExp(`^${name} \\$`) });
  }

  async chooseMetal(name: string) {
    await this.metalOption(name).click();
    await expect(this.metalOption(name)).toHaveAttribute('aria-current', 'true');
  }

  async chooseLength(inches: number) {
    const link = this.page.getByRole('region', { name: 'Bracelet length' }).getByRole('link', { name: `${inches}″ inches` });
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'true');
  }

  /** The parsed JSON-LD blocks of the page, by @type. */
  async structuredData(): Promise<Record<string, Record<string, unknown>>> {
    const blocks = await this.page.locator('script[type="application/ld+json"]').allTextContents();
    return Object.fromEntries(blocks.map((text) => JSON.parse(text) as Record<string, unknown>).map((block) => [String(block['@type']), block]));
  }
}

/** Searches from the header's search box, as a shopper types it. */
export async function searchFromHeader(page: Page, words: string) {
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search charms' });
  await box.fill(words);
  await box.press('Enter');
}

/**
 * Waits until the shopper's session (local storage, as the shell keeps it) holds a choice, so that a test can then
 * load a page from scratch and expect the choice to be used. A shopper clicking through the shop never waits:
 * the session is updated in the background.
 */
export async function sessionRemembers(page: Page, expected: { metalId?: number; braceletSize?: number; productsOrderBy?: string }) {
  await expect
    .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem('user-session') ?? '{}') as Record<string, unknown>))
    .toMatchObject(expected);
}
