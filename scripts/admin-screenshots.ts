/**
 * Screenshots of the admin at 1280 and 1024 px wide (and 768, a tablet held upright), to look at after a change:
 *   SHOP_URL=http://127.0.0.1:3000 STAFF_EMAIL=you@example.com STAFF_PASSWORD='...' node --import tsx scripts/admin-screenshots.ts
 * Signs in, opens each page (and the newest order with its packing slip, when there is one) and writes
 * /tmp/admin-shots/<page>-<width>.png. Uses Debian's Chromium (CHROMIUM_PATH to use another).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.env.SHOP_URL ?? 'http://127.0.0.1:3000';
const email = process.env.STAFF_EMAIL;
const password = process.env.STAFF_PASSWORD;
if (!email || !password) {
  console.error('Set STAFF_EMAIL and STAFF_PASSWORD (an account made with npm run admin:create).');
  process.exit(2);
}
const out = '/tmp/admin-shots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const width of [1280, 1024, 768]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${base}/account`);
    await page.screenshot({ path: `${out}/sign-in-${width}.png`, fullPage: true });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    const pages: Array<[string, string]> = [
      ['dashboard', '/admin'],
      ['orders', '/admin/orders'],
      ['phone-order', '/admin/phone-order'],
      ['content', '/admin/content'],
      ['promotions', '/admin/promotions'],
      ['categories', '/admin/categories'],
      ['category', '/admin/categories/1'],
      ['staff', '/admin/staff'],
    ];
    await page.goto(`${base}/admin/orders`);
    const firstOrder = await page.locator('table a[href^="/admin/orders/"]').first().getAttribute('href', { timeout: 2_000 }).catch(() => null);
    if (firstOrder) pages.push(['order', firstOrder], ['packing-slip', `${firstOrder}/packing-slip`]);
    for (const [name, path] of pages) {
      await page.goto(`${base}${path}`);
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    }
    await page.close();
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
}
