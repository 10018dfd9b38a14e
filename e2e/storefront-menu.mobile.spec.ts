import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { mainMenu, waitForHydration } from './storefront-helpers';

// Runs at desktop size and, in the phone project, at phone size: the helper opens the toggle when it is shown.
test('the menu reaches a gift page and closes after the navigation', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const menu = mainMenu(page);
  const gifts = await menu.openDropdown('GIFT IDEAS');
  await gifts.getByRole('link', { name: 'Baby Gifts' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Baby Gift Ideas');
  await expect(menu.nav.getByRole('link', { name: 'Baby Gifts' })).toBeHidden();
  if (await menu.toggle.isVisible()) await expect(menu.toggle).toHaveAttribute('aria-expanded', 'false');
});

test('pages fit the screen without sideways scrolling', async ({ page }) => {
  for (const path of ['/', '/gold-charms', '/girl-charm-bracelets', '/faq']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the search box works at this size', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('searchbox', { name: 'Search charms' }).fill('paw');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/search\/paw$/);
});

test('the home page with the menu open has no axe violations at this size', async ({ browser }, testInfo) => {
  // Reduced motion: home's banner neither rotates nor fades, so axe never reads its text halfway through a fade (a
  // colour-contrast failure that came and went with the moment of the check).
  const context = await browser.newContext({ ...testInfo.project.use, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  await mainMenu(page).openDropdown('CHARMS');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await context.close();
});
