import { type Page, expect } from '@playwright/test';

/** The storefront's main menu, whichever the screen size: opens the mobile toggle first when it is shown. */
export function mainMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toggle = nav.getByRole('button', { name: 'Menu' });
  return {
    nav,
    toggle,
    async open(): Promise<void> {
      if (await toggle.isVisible()) {
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }
    },
    async openDropdown(name: string) {
      await this.open();
      const button = nav.getByRole('button', { name, exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      return page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    },
  };
}

/** window.dataLayer as the page sees it. */
export async function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
}

/** Waits until React has hydrated the page (the session provider has run), so clicks are handled by the app. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.isArray((window as unknown as { dataLayer?: unknown[] }).dataLayer));
}
