import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, openAdminPage, signIn } from './support/admin';

const HOSTILE = [
  '<h2>Caring for your charms</h2>',
  '<p>Polish gently with a soft cloth.</p>',
  '<script>window.__hostile = "script ran"</script>',
  '<img src="/missing.png" alt="A charm" onerror="window.__hostile = \'onerror ran\'">',
  '<a href="javascript:window.__hostile=1">Click</a>',
].join('\n');

test('a new content page: preview, save, on the storefront at its path at once, hostile markup saved but never run', async ({ page }) => {
  const path = `/care-guide-${Date.now().toString(36)}`;
  await page.goto('/admin/content');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Content pages' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'New page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New content page' })).toBeVisible();
  await page.getByLabel('Path').fill(path);
  await page.getByLabel('Title').fill('Caring for charms');
  await page.getByLabel('Meta description').fill('How to keep charms shining.');
  await page.getByLabel('Body (HTML)').fill(HOSTILE);

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Caring for your charms' })).toBeVisible();
  await expect(preview.getByTestId('content-preview').locator('script, [onerror]')).toHaveCount(0);
  await expect(page.getByLabel('Body (HTML)')).toHaveValue(HOSTILE);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/content/edit\\?path=${encodeURIComponent(path)}&saved=1$`));
  await expect(page.getByRole('status')).toContainText('Saved');
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${path}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('status').getByRole('link', { name: 'View on the storefront' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Caring for charms' })).toBeVisible();
  await expect(page.getByText('Polish gently with a soft cloth.')).toBeVisible();
  const body = page.locator('.cms-content');
  await expect(body.locator('script, [onerror]')).toHaveCount(0);
  await expect(body.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __hostile?: unknown }).__hostile)).toBeUndefined();

  // Listed, with who saved it.
  await page.goto('/admin/content');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Edit ${path}` }) });
  await expect(row).toContainText('Caring for charms');
  await expect(row).toContainText('Robin Owner');
});

test('edit a page’s title, then delete it after the question; the storefront shows not found there', async ({ page }) => {
  const path = `/gift-wrap-${Date.now().toString(36)}`;
  await page.goto('/admin/content/edit');
  await signIn(page);
  await page.getByLabel('Path').fill(path);
  await page.getByLabel('Title').fill('Gift wrap');
  await page.getByLabel('Body (HTML)').fill('<p>Every order can be gift wrapped.</p>');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved');

  await page.getByLabel('Title').fill('Gift wrapping');
  // The first save's "Saved" is still on screen: wait for this save's own answer before leaving the page. A save
  // answers with a redirect to the saved page: as data once the page's scripts run, or as a 302 when the form posts
  // before they start (they start after the first paint, decision 0038), which the page also handles.
  const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/admin/content/edit'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBeLessThan(400);
  await expect(page.getByRole('status')).toContainText('Saved');
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift wrapping' })).toBeVisible();

  await page.goto(`/admin/content/edit?path=${encodeURIComponent(path)}`);
  await page.getByRole('button', { name: 'Delete…' }).click();
  const question = page.getByRole('region', { name: /Delete the page at/ });
  await expect(question).toBeFocused();
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/admin\/content\?deleted=/);
  await expect(page.getByRole('status')).toContainText(`The page at ${path} is deleted`);
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
});

test('mistakes are said beside their fields: a path the storefront owns, a missing title', async ({ page }) => {
  await page.goto('/account');
  await signIn(page);
  await openAdminPage(page, 'Content');
  await page.getByRole('link', { name: 'New page' }).click();
  await page.getByLabel('Path').fill('/products/my-page');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  const pathField = page.getByLabel('Path');
  await expect(pathField).toHaveAttribute('aria-invalid', 'true');
  await expect(pathField).toBeFocused();
  await expect(pathField).toHaveAccessibleDescription(/storefront page of its own/);
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
});
