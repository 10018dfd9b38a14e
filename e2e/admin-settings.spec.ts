import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './support/admin';
import { Bag, PRODUCTS } from './support/bag';
import { cents } from './support/catalog';

/**
 * Store settings change prices for every shopper at once, so this file runs its own shop (a fresh embedded database):
 * the other files, running beside it, keep seeing the prices they assert.
 */
let server: ChildProcess | undefined;
let baseURL = '';
const dataDir = mkdtempSync(join(tmpdir(), 'charms-e2e-settings-'));
const owner = { email: 'settings-owner@e2e.example', password: randomBytes(18).toString('base64url') };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  const created = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/staff/admin-create.ts', `--email=${owner.email}`, `--password=${owner.password}`, '--role', 'owner', '--name', 'Sue Settings'], { env, encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`admin:create failed:\n${created.stdout}${created.stderr}`);
  server = spawn(process.execPath, ['apps/web/build/server/index.js'], { env: { ...env, PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  baseURL = await new Promise<string>((resolve, reject) => {
    let output = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /open at (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    server!.on('exit', (code) => reject(new Error(`The shop exited with code ${code}:\n${output}`)));
  });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  if (server) await new Promise((resolve) => server!.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

test('an owner changes the 2-3 day price, and a shopper\'s bag shows it with the right total', async ({ browser }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/account');
  await signIn(page, owner);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const twoDay = page.getByRole('group', { name: 'Shipping prices' }).getByLabel('2-3 Day');
  await expect(twoDay).toHaveValue('14.75');
  await twoDay.fill('14.755');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('group', { name: 'Shipping prices' }).getByText('must have at most two decimals (whole cents), such as 12.50')).toBeVisible();
  await page.getByRole('group', { name: 'Shipping prices' }).getByLabel('2-3 Day').fill('18.50');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toContainText('Saved');
  await expect(page.getByRole('region', { name: 'Changes' })).toContainText('2-3 Day shipping: $14.75 → $18.50');

  // A shopper, in a browser of their own: a charm in the bag, shipped 2-3 day to Texas.
  const shopper = await (await browser.newContext({ baseURL })).newPage();
  const bag = new Bag(shopper);
  await shopper.goto(PRODUCTS.charm.path('sterling-silver'));
  const price = cents(await shopper.getByTestId('product-price').innerText());
  await bag.addCharm(PRODUCTS.charm.path('sterling-silver'));
  await bag.open();
  await bag.chooseShipping('Texas', '2-3 Day');
  await expect(shopper.getByRole('radio', { name: /^2-3 Day/ })).toBeChecked();
  await expect(shopper.getByRole('group', { name: 'Shipping to Texas' })).toContainText('$18.50');
  await bag.expectTotalsRow('Shipping (2-3 Day)', '$18.50');
  await bag.expectTotal(`$${((price + 1850) / 100).toFixed(2)}`);
});
