import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const PAGES = ['/', '/gold-charms', '/birthday-gift-ideas', '/faq', '/shipping', '/girl-charm-bracelets', '/no-such-page'];

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const path of PAGES) {
    test(`${path} has no violations`, async ({ browser }, testInfo) => {
      const context = await browser.newContext(testInfo.project.use);
      const page = await context.newPage();
      await page.goto(path);
      await page.waitForFunction(() => Array.isArray((window as unknown as { dataLayer?: unknown[] }).dataLayer));
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }
});
