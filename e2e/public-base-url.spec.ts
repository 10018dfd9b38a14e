import { expect, test } from '@playwright/test';
import { PRODUCTS } from './support/bag';
import { CheckoutPage, ShopperBag, TEST_CARDS, expectConfirmation, outboxEmailsFor } from './support/checkout';
import { send } from './support/raw-http';

/**
 * The shop's own links (canonical, og:url, JSON-LD, the email's order link) without PUBLIC_BASE_URL: global-setup
 * starts the shop on a free port (PORT=0, HOST=127.0.0.1) and sets no PUBLIC_BASE_URL, so they must name that
 * address, never the default port 3000, and never whatever Host header a request brings.
 */

const shop = () => new URL(process.env.E2E_BASE_URL!).origin;
const productPath = PRODUCTS.engravableCharm.path('sterling-silver');

/** The links a product page's HTML gives for itself. */
function ownLinks(html: string) {
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
  const product = jsonLd.find((entry) => entry['@type'] === 'Product');
  const crumbs = jsonLd.find((entry) => entry['@type'] === 'BreadcrumbList') as { itemListElement: { item: string }[] } | undefined;
  return { canonical, ogUrl, productUrl: product?.url as string | undefined, crumbUrls: crumbs?.itemListElement.map((crumb) => crumb.item) ?? [] };
}

// Skipped only against a shop someone started with PUBLIC_BASE_URL set (E2E_BASE_URL): these tests need one without it.
test.skip(!!process.env.PUBLIC_BASE_URL, 'these tests are about a shop started without PUBLIC_BASE_URL');

test('canonical, og:url and JSON-LD name the address the shop is served at', async ({ page }) => {
  await page.goto(productPath);
  const links = ownLinks(await page.content());
  expect(links.canonical).toBe(`${shop()}${productPath}`);
  expect(links.ogUrl).toBe(`${shop()}${productPath}`);
  expect(links.productUrl).toBe(`${shop()}${productPath}`);
  expect(links.crumbUrls.length).toBeGreaterThan(0);
  for (const url of links.crumbUrls) expect(url.startsWith(`${shop()}/`), url).toBe(true);
});

test('a forged Host header changes none of the shop links', async () => {
  const forged = await send({ path: productPath, headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } });
  expect(forged.status).toBe(200);
  expect(forged.text).not.toContain('evil.example');
  const links = ownLinks(forged.text);
  expect(links.canonical).toBe(`${shop()}${productPath}`);
  expect(links.ogUrl).toBe(`${shop()}${productPath}`);
  expect(links.productUrl).toBe(`${shop()}${productPath}`);
});

test("the confirmation email's order link opens this shop, whatever Host the checkout was posted with", async ({ page }) => {
  const bag = await new ShopperBag(page).start();
  await bag.add({ search: 'Heart Key Charm' });
  // Every request of this page carries a forged Host; the shop must still link to itself.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-Host': 'evil.example' });
  const checkout = new CheckoutPage(page);
  await checkout.open();
  await checkout.fillAll(TEST_CARDS.visa);
  await checkout.placeOrder();
  const { number } = await expectConfirmation(page);

  await expect.poll(() => outboxEmailsFor(number).length).toBe(1);
  // Quoted-printable may fold long lines ("=\r\n") and write "=" as "=3D": unfold before reading the link.
  const email = outboxEmailsFor(number)[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  expect(email).not.toContain('evil.example');
  const link = new RegExp(`${shop().replace(/[.:/]/g, '\\$&')}/order/confirmation/${number}\\?token=[\\w-]+`).exec(email)?.[0];
  expect(link, 'the order link in the email').toBeTruthy();
  await page.setExtraHTTPHeaders({});
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
});
