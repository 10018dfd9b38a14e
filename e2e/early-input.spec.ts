import { type Page, expect, test } from '@playwright/test';
import { Bag, PRODUCTS } from './support/bag';
import { freshAddress, outboxEmailsFor, waitForHydration } from './support/checkout';

/**
 * A page's scripts start after its first paint (apps/web/app/lib/scripts-after-paint.ts), so a shopper can type
 * into a page before it hydrates, and on a slow connection for a good while. What they typed, ticked or picked is
 * the page's once it has (lib/early-input.ts). Here the page's entry script is held back until the test has typed.
 */
async function openWithScriptsHeld(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The load event may wait for the held script; the page is there to type into once parsed.
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return async () => {
    release();
    await waitForHydration(page);
  };
}

test('the page starts its scripts after its first paint, and they run', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => entry.startTime),
  }));
  expect(timing.scripts.length).toBeGreaterThan(2);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
  // The held copy gave way to the module script that ran.
  await expect(page.locator('script[type="text/x-after-first-paint"]')).toHaveCount(0);
});

test('an address typed into the footer before the page hydrated is the one signed up', async ({ page }) => {
  const email = freshAddress('early');
  const hydrate = await openWithScriptsHeld(page, '/');
  const footer = page.getByRole('contentinfo');
  const field = footer.getByLabel('Email address');
  await field.fill(email);
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBe(0);
  await hydrate();

  await expect(field).toHaveValue(email);
  await footer.getByRole('button', { name: 'Sign up' }).click();
  await expect(footer.getByRole('status')).toHaveText(/Check your inbox/);
  await expect.poll(() => outboxEmailsFor(email).length, { timeout: 15_000 }).toBe(1);
});

test('an engraving typed and a font picked before the page hydrated are the ones priced and drawn', async ({ page }) => {
  const hydrate = await openWithScriptsHeld(page, PRODUCTS.engravableCharm.path('sterling-silver'));
  await page.getByLabel('Text to engrave').fill('Love');
  await page.getByRole('radio', { name: /^Block/ }).check();
  await expect(page.getByTestId('engraving-summary')).toContainText('0 of');
  await hydrate();

  await expect(page.getByTestId('engraving-summary')).toContainText('4 of');
  await expect(page.getByLabel('Text to engrave')).toHaveValue('Love');
  await expect(page.getByRole('radio', { name: /^Block/ })).toBeChecked();
  await expect(page.getByRole('img', { name: 'Preview: “Love” engraved in Block' })).toBeVisible();
});

test('saved order comments edited before the bag page hydrated keep the edit, and it is what is saved', async ({ page }) => {
  const bag = new Bag(page);
  await bag.addCharm(PRODUCTS.charm.path('sterling-silver'));
  await bag.open();
  await page.getByLabel('Order comments').fill('Gift wrap, please');
  await page.getByRole('button', { name: 'Save comments' }).click();
  await bag.expectMessage('Comments saved.');

  // The page is served with the saved text in the field; hydration sets a textarea back to the text it was served with.
  const hydrate = await openWithScriptsHeld(page, '/order');
  await page.getByLabel('Order comments').fill('Leave at the back door');
  await hydrate();

  await expect(page.getByLabel('Order comments')).toHaveValue('Leave at the back door');
  await page.getByRole('button', { name: 'Save comments' }).click();
  await bag.expectMessage('Comments saved.');
  await page.reload();
  await expect(page.getByLabel('Order comments')).toHaveValue('Leave at the back door');
});
