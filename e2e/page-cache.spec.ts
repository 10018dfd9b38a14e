import { type Browser, type Page, type Response, expect, test } from '@playwright/test';
import { Bag, PRODUCTS } from './support/bag';
import { ListingPage, sessionRemembers } from './support/catalog';
import { waitForHydration } from './storefront-helpers';

/**
 * The page cache as shoppers meet it, in Chromium: pages one shopper's visits put in the cache show another nothing
 * of the first (bag, metal, session), and a page from the cache runs under its hash-based policy with no violation.
 */

const LISTING = '/products/category/Heart-Charms';
const SHARED_PAGES = ['/', LISTING, PRODUCTS.charm.path('sterling-silver'), '/categories', '/faq'];

/** Every Content-Security-Policy violation the page reports (console and the securitypolicyviolation event). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`));
  });
  return async () => [...consoleErrors, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

async function freshShopper(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Opens a page until it comes from the cache: a catalog change made by another test in the meantime drops it. */
async function openFromCache(page: Page, path: string): Promise<Response> {
  let response: Response | null = null;
  await expect(async () => {
    response = await page.goto(path);
    expect(response?.headers()['x-page-cache']).toBe('hit');
  }).toPass({ timeout: 15_000 });
  return response!;
}

test.describe('one shopper never sees another one’s bag, metal or session through the cache', () => {
  test('shopper B opens the pages shopper A filled the cache with', async ({ browser }) => {
    test.setTimeout(120_000);
    const a = await freshShopper(browser);
    const b = await freshShopper(browser);

    // A: a bag with a charm in it, then the shop's pages (with A's session cookie), then 14k gold.
    await new Bag(a).addCharm(PRODUCTS.charm.path('sterling-silver'), { quantity: 2 });
    const session = await a.evaluate(() => window.localStorage.getItem('user-session-id'));
    expect(session).toMatch(/^[0-9a-f-]{36}$/);

    for (const path of SHARED_PAGES) {
      await expect(async () => {
        // A asks first, then B at once: B's page is the one A's request put in the cache.
        const theirs = await a.goto(path);
        const mine = await b.goto(path);
        expect(mine?.headers()['x-page-cache']).toBe('hit');
        expect(mine?.headers().etag).toBe(theirs?.headers().etag);
        expect(mine?.headers()['set-cookie']).toBeUndefined();
        const html = await mine!.text();
        expect(html).not.toContain(session!);
      }).toPass({ timeout: 20_000 });
      // The same page shows each shopper their own bag once its count has come: A's two, B's none.
      await expect(a.getByRole('banner').getByTestId('bag-count')).toHaveText('2');
      const bSummary = b.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/order/summary'));
      await b.reload();
      expect((await bSummary).ok()).toBe(true);
      await expect(b.getByRole('banner').getByRole('link', { name: 'Shopping Bag', exact: true })).toBeVisible();
      await expect(b.getByRole('banner').getByTestId('bag-count')).toHaveText('');
      await expect(b.getByRole('banner').getByRole('link', { name: 'Buy Now' })).toHaveCount(0);
    }

    const aListing = new ListingPage(a);
    await aListing.open(LISTING);
    await aListing.chooseMetal('14k Gold');
    await sessionRemembers(a, { metalId: 10 });
    await expect(async () => {
      await a.goto(LISTING);
      await expect(aListing.summary()).toContainText('in 14k Gold', { timeout: 1_000 });
      expect((await b.goto(LISTING))?.headers()['x-page-cache']).toBe('hit');
    }).toPass({ timeout: 20_000 });

    // B: sterling silver prices, as anyone who chose nothing sees them; its session is its own.
    const bListing = new ListingPage(b);
    await expect(bListing.summary()).toContainText('in Sterling Silver');
    await waitForHydration(b);
    const bSession = await b.evaluate(() => window.localStorage.getItem('user-session-id'));
    expect(bSession).not.toBe(session);
    await expect(bListing.summary()).toContainText('in Sterling Silver');

    // A still sees its own metal, from the cache too.
    const again = await openFromCache(a, LISTING);
    expect(again.headers()['cache-control']).toBe('private, no-cache');
    await expect(aListing.summary()).toContainText('in 14k Gold');
    // And its bag is still its own, on its bag page (never cached).
    const bag = await a.goto('/order');
    expect(bag?.headers()['x-page-cache']).toBe('bypass');
    await expect(new Bag(a).line(PRODUCTS.charm.name)).toBeVisible();
    await a.context().close();
    await b.context().close();
  });
});

test.describe('a page from the cache under its hash-based policy', () => {
  test('hydrates, navigates and runs with no violation, also when the browser revalidates its copy', async ({ page }) => {
    const violations = await watchViolations(page);
    await openFromCache(page, '/faq');
    await waitForHydration(page);
    // Again: the browser asks with If-None-Match, gets 304, and runs its kept copy under the 304's headers.
    const response = (await page.goto('/faq'))!;
    expect((await response.request().allHeaders())['if-none-match']).toMatch(/^"[\w-]{32}(-br|-gz)?"$/);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'strict-dynamic'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(policy).not.toContain("'nonce-");
    await waitForHydration(page);
    // Every script the page runs inline is one its policy names by hash.
    const hashes = await page.evaluate(async () => {
      const digest = async (text: string) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))));
      const inline = [...document.querySelectorAll('script:not([src])')].filter((script) => ['', 'module'].includes((script as HTMLScriptElement).type));
      return Promise.all(inline.map((script) => digest(script.textContent ?? '')));
    });
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(policy).toContain(`'sha256-${hash}'`);

    // A client navigation (the header's home link): the next page's data is a shared .data answer. (Home's data is
    // /_root.data; the bag summary's, loaded after hydration, is another .data answer and never shared.)
    const data = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/_root.data');
    await page.getByRole('banner').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/$/);
    expect(['hit', 'miss']).toContain((await data).headers()['x-page-cache']);
    await expect(page.getByRole('main')).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('an inline script slipped into a cached page does not run', async ({ page }) => {
    await openFromCache(page, '/about-us');
    // The cached page as a man in the middle, or a stored injection, would change it: one more inline script.
    await page.route('**/about-us', async (route) => {
      const original = await route.fetch({ headers: { ...route.request().headers(), 'accept-encoding': 'identity' } });
      const headers = Object.fromEntries(Object.entries(original.headers()).filter(([name]) => !['content-length', 'content-encoding'].includes(name)));
      const body = (await original.text()).replace('</head>', '<script>window.injected = true;</script></head>');
      await route.fulfill({ status: original.status(), headers, body });
    });
    const violations = await watchViolations(page);
    await page.goto('/about-us');
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    expect(await violations()).toEqual(expect.arrayContaining([expect.stringMatching(/script-src/)]));
  });
});
