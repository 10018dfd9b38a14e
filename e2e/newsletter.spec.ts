import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { freshAddress, outboxEmailsFor, waitForHydration } from './support/checkout';

/** The confirmation email sent to `email`, its quoted-printable body decoded, with its links as paths on this shop. */
async function confirmationEmail(email: string) {
  await expect.poll(() => outboxEmailsFor(email).length, { timeout: 15_000 }).toBe(1);
  const raw = outboxEmailsFor(email)[0]!;
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const confirm = /https?:\/\/[^\s"<>]+(\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43})/.exec(text);
  const unsubscribe = /https?:\/\/[^\s"<>]+(\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(text);
  expect(confirm, 'the confirm link').not.toBeNull();
  expect(unsubscribe, 'the unsubscribe link').not.toBeNull();
  return { headers, confirmPath: confirm![1]!, unsubscribePath: unsubscribe![1]!, unsubscribeLink: unsubscribe![0] };
}

const axe = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
};

test('sign up in the footer, confirm from the email, then unsubscribe from it', async ({ page }) => {
  const email = freshAddress('footer');
  await page.goto('/');
  await waitForHydration(page);
  const footer = page.getByRole('contentinfo');
  const field = footer.getByLabel('Email address');
  await field.fill('ann@example');
  await footer.getByRole('button', { name: 'Sign up' }).click();
  await expect(footer.getByText('Email address invalid')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Email address invalid');

  await field.fill(email);
  await footer.getByRole('button', { name: 'Sign up' }).click();
  await expect(footer.getByRole('status')).toHaveText(/Check your inbox: we have sent you an email to confirm your subscription/);
  await expect(footer.getByLabel('Email address')).toHaveCount(0);
  await axe(page, 'footer');
  // The page stayed where it was, and the address is in no cookie and no browser storage.
  expect(new URL(page.url()).pathname).toBe('/');
  expect(JSON.stringify(await page.context().cookies())).not.toContain(email.split('@')[0]);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(email.split('@')[0]);

  const message = await confirmationEmail(email);
  expect(message.headers).toContain(`List-Unsubscribe: <${message.unsubscribeLink}>`);
  expect(message.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

  // Opening the link confirms nothing by itself (mail scanners open links); the button does.
  await page.goto(message.confirmPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();
  await axe(page);
  // The link works once.
  await page.goto(message.confirmPath);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();

  await page.goto(message.unsubscribePath);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from our newsletter?' })).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('We will not send you the newsletter any more.');
  await axe(page);
});

test('works without JavaScript: sign up, confirm and unsubscribe', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = freshAddress('nojs');
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Email address').fill('nope');
  await footer.getByRole('button', { name: 'Sign up' }).click();
  const main = page.locator('main');
  await expect(main.getByText('Email address invalid')).toBeVisible();
  await expect(main.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await main.getByLabel('Email address').fill(email);
  await main.getByRole('button', { name: 'Sign up' }).click();
  await expect(main.getByRole('status')).toHaveText(/Check your inbox/);
  expect(JSON.stringify(await context.cookies())).not.toContain(email.split('@')[0]);

  const message = await confirmationEmail(email);
  await page.goto(message.confirmPath);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();
  await page.goto(message.unsubscribePath);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await context.close();
});

test('a mail program’s one-click unsubscribe (RFC 8058) is one POST to the link', async ({ page, request }) => {
  const email = freshAddress('oneclick');
  await page.goto('/newsletter');
  await page.locator('main').getByLabel('Email address').fill(email);
  await page.locator('main').getByRole('button', { name: 'Sign up' }).click();
  await expect(page.locator('main').getByRole('status')).toHaveText(/Check your inbox/);
  const message = await confirmationEmail(email);

  const answer = await request.post(message.unsubscribePath, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(answer.status()).toBe(200);
  // Unsubscribed: the confirmation link no longer confirms.
  await page.goto(message.confirmPath);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('alert')).toHaveText(/not valid/);
});

test('a broken link says so and offers the signup again', async ({ page }) => {
  await page.goto('/newsletter/confirm?token=cut-short');
  await expect(page.getByRole('alert')).toHaveText(/link is incomplete/);
  await expect(page.locator('main').getByLabel('Email address')).toBeVisible();
  await page.goto('/newsletter/unsubscribe');
  await expect(page.getByRole('alert')).toHaveText(/link is incomplete/);
  await axe(page);
});
