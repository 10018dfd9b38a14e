import { expect, test } from '@playwright/test';
import { mainMenu, waitForHydration } from './storefront-helpers';

// A phone (390 px) and a tablet (768 px) held upright: every category link of the menu must be on screen once
// scrolled to vertically, and the page must never scroll sideways.
for (const width of [390, 768]) {
  test(`every CHARM CATEGORIES link is reachable at ${width} px without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/');
    await waitForHydration(page);
    const menu = mainMenu(page);
    const panel = await menu.openDropdown('CHARM CATEGORIES');
    const links = panel.getByRole('link');
    expect(await links.count()).toBeGreaterThan(40);

    // Measured against the width set, not innerWidth: a phone browser zooms out to a page wider than the screen,
    // which would widen innerWidth to match.
    const outside = await links.evaluateAll(
      (anchors, screenWidth) =>
        anchors
          .filter((anchor) => {
            const box = anchor.getBoundingClientRect();
            return box.left < 0 || box.right > screenWidth || box.width === 0;
          })
          .map((anchor) => anchor.textContent),
      width,
    );
    expect(outside).toEqual([]);
    const widths = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(widths.scrollWidth).toBeLessThanOrEqual(width);
    expect(widths.scrollWidth).toBeLessThanOrEqual(widths.innerWidth);

    // The last category can be scrolled to and followed.
    const last = links.last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
  });
}
