import { expect, test } from '@playwright/test';
import { dataLayer, mainMenu, waitForHydration } from './storefront-helpers';

const PAGES: [path: string, heading: RegExp][] = [
  ['/', /Charms and charm bracelets/],
  ['/rembrandt-charms', /^Rembrandt Charms$/],
  ['/Rembrandtcharms', /Rembrandt Charms in Gold or Sterling Silver/],
  ['/sterling-silver-charms', /Sterling Silver Charms/],
  ['/gold-charms', /Gold Charms/],
  ['/photoart-charms', /PhotoArt Charms/],
  ['/white-gold-charms', /White Gold Charms/],
  ['/girl-charm-bracelets', /Girls Charm Bracelets/],
  ['/anniversary-gift-ideas', /Anniversary Gift Ideas/],
  ['/birthday-gift-ideas', /Birthday Gift Ideas/],
  ['/baby-gift-ideas', /Baby Gift Ideas/],
  ['/gift-ideas-for-girlfriend', /Gift Ideas for Your Girlfriend/],
  ['/gift-ideas-for-mothers', /Gift Ideas for Mothers/],
  ['/wedding-gift-ideas', /Wedding Gift Ideas/],
  ['/contact-us', /Contact us/],
  ['/privacy-policy', /Privacy policy/],
  ['/about-us', /About/],
  ['/faq', /Frequently asked questions/],
  ['/engraving-guide', /Engraving guide/],
  ['/shipping', /Shipping/],
  ['/returns', /Returns/],
  ['/warranty', /Lifetime warranty/],
  ['/photoart-instructions', /PhotoArt charms/],
];

test.describe('every page of the route table', () => {
  for (const [path, heading] of PAGES) {
    test(`${path} is rendered on the server with its heading, title and canonical link`, async ({ page, request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow, noarchive"/>');
      // The shop's own address (it runs on a free port without PUBLIC_BASE_URL), not a default port.
      expect(html).toContain(`<link rel="canonical" href="${new URL(process.env.E2E_BASE_URL!).origin}${path}"/>`);
      expect(html).toContain('<meta property="og:title"');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('main')).toBeVisible();
    });
  }

  test('an unknown path answers 404 with the not-found page inside the shop', async ({ page }) => {
    const response = await page.goto('/no-such-page/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('robots.txt follows the ROBOTS setting', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe('User-agent: *\nDisallow: /\n');
  });
});

test.describe('pages', () => {
  test("the home page links its promotions and banners to the spec's targets", async ({ page }) => {
    await page.goto('/');
    const collections = page.getByRole('list', { name: 'Collections' }).getByRole('link');
    await expect(collections).toHaveCount(6);
    await expect(collections.first()).toHaveAttribute('href', '/products/category/sterling-silver/Silhouette-Charms');
    const occasions = page.getByRole('list', { name: 'Occasions' }).getByRole('link');
    await expect(occasions).toHaveCount(4);
    await expect(occasions.first()).toHaveAttribute('href', '/products/search/halloween');
    await expect(page.getByRole('region', { name: 'Featured charms' })).toBeVisible();
    for (const image of await page.locator('main img').all()) {
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
    }
  });

  test('the banner can be paused and moved by keyboard', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Featured charms' });
    await banner.getByRole('button', { name: /Pause/ }).click();
    await expect(banner.getByRole('button', { name: /Play/ })).toBeVisible();
    const shown = Number((await banner.getByRole('group').getAttribute('aria-label'))!.split(' ')[0]);
    await banner.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(banner.getByRole('group')).toHaveAccessibleName(new RegExp(`^${(shown % 4) + 1} of 4`));
    await page.keyboard.press('ArrowLeft');
    await expect(banner.getByRole('group')).toHaveAccessibleName(new RegExp(`^${shown} of 4`));
  });

  test("the banner's hidden slides fetch their pictures just before they show, not with the page", async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/art/v1/banner/')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Featured charms' });
    await expect(banner.locator('img').first()).toHaveJSProperty('complete', true);
    expect(asked).toEqual(['/art/v1/banner/five-metals.svg']);
    // The rotation shows slide 2 at 4 s; its picture is asked for 1.5 s before, and has arrived when it shows.
    await expect.poll(() => asked, { timeout: 10_000 }).toContain('/art/v1/banner/gold.svg');
    await expect(banner.getByRole('group')).toHaveAccessibleName(/^2 of 4/, { timeout: 10_000 });
    const second = banner.getByRole('group').locator('img');
    await expect(second).toBeVisible();
    await expect(second).toHaveJSProperty('complete', true);
    expect(await second.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // Pointing at the banner fetches the slides either side, for the shopper about to turn it.
    await banner.hover();
    await expect.poll(() => asked).toEqual(expect.arrayContaining(['/art/v1/banner/five-metals.svg', '/art/v1/banner/gold.svg', '/art/v1/banner/photoart.svg']));
  });

  test('a landing page shows its tiles, each a picture and a name linking into the catalog', async ({ page }) => {
    await page.goto('/gold-charms');
    const tiles = page.getByRole('list', { name: 'Gold Charms categories' }).getByRole('link');
    await expect(tiles).toHaveCount(38);
    await expect(tiles.first()).toHaveAttribute('href', '/products/category/14k-gold/Heart-Charms');
    await expect(tiles.first().locator('img')).toHaveAttribute('loading', 'eager');
    await expect(tiles.last().locator('img')).toHaveAttribute('loading', 'lazy');
    await page.getByRole('navigation', { name: 'Metal' }).getByRole('link', { name: '10k Gold' }).click();
    await expect(tiles.first()).toHaveAttribute('href', '/products/category/10k-gold/Heart-Charms');
    await expect(page.getByRole('link', { name: 'FAQ' }).first()).toBeVisible();
    // The tiles' pictures are drawn in code and named by the drawings' version: browsers keep them for a year.
    const picture = await page.request.get((await tiles.first().locator('img').getAttribute('src'))!);
    expect(picture.headers()['content-type']).toContain('image/svg+xml');
    expect(picture.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('PhotoArt tiles all lead to the PhotoArt search', async ({ page }) => {
    await page.goto('/photoart-charms');
    const tiles = page.getByRole('list', { name: 'PhotoArt Charms categories' }).getByRole('link');
    await expect(tiles).toHaveCount(18);
    for (const href of await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toBe('/products/search/PhotoArt');
    }
  });

  test('the girls page shows 12 bracelets with prices and the advice', async ({ page }) => {
    await page.goto('/girl-charm-bracelets');
    const tiles = page.getByRole('list', { name: 'Girls charm bracelets' }).getByRole('link');
    await expect(tiles).toHaveCount(12);
    await expect(tiles.first()).toHaveAttribute('href', /^\/products\/rembrandt-bracelets\/sterling-silver\/7-inch\/[\w-]+\/\d+$/);
    const prices = (await tiles.locator('.tile__detail').allTextContents()).map((text) => Number(text.replace(/[$,]/g, '')));
    expect(Math.min(...prices)).toBe(15);
    expect(Math.max(...prices)).toBe(92.5);
    await expect(page.getByText(/7 inch bracelet with a lobster clasp/)).toBeVisible();
    await expect(page.getByText(/ages 3 and up/)).toBeVisible();
  });

  test('a gift page has tiles and no blank placeholders', async ({ page }) => {
    await page.goto('/wedding-gift-ideas');
    const tiles = page.getByRole('list', { name: 'Wedding Gift Ideas' }).getByRole('listitem');
    await expect(tiles).toHaveCount(8);
    for (const name of await tiles.allInnerTexts()) expect(name.trim()).not.toBe('');
  });

  test('the contact page uses the configured phone and PhotoArt address', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.locator('main').getByRole('link', { name: '1-800-555-0142' })).toHaveAttribute('href', 'tel:18005550142');
    await expect(page.locator('main').getByRole('link', { name: 'photoart@charms.example' })).toHaveAttribute('href', 'mailto:photoart@charms.example');
  });
});

test.describe('the shell', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the desktop menu opens dropdowns, lists the categories in columns and closes after navigating', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const menu = mainMenu(page);
    await expect(menu.toggle).toBeHidden();
    const categories = await menu.openDropdown('CHARM CATEGORIES');
    await expect(categories.getByRole('link')).toHaveCount(45);
    await expect(categories.getByRole('link', { name: 'Dog Charms' })).toHaveAttribute('href', '/categories/Dog-Charms');
    await page.keyboard.press('Escape');
    const gifts = await menu.openDropdown('GIFT IDEAS');
    // The menu's links are plain anchors whose clicks the page's body turns into the app's navigations (components/plain-links.tsx):
    // the page is not loaded again, so what this document holds is still there after the click.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await gifts.getByRole('link', { name: 'Birthday Gifts' }).click();
    await expect(page).toHaveURL(/\/birthday-gift-ideas$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Birthday Gift Ideas');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(menu.nav.getByRole('button', { name: 'GIFT IDEAS' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the menu works from the keyboard', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const charms = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'CHARMS', exact: true });
    await charms.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'Rembrandt Charms', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'Sterling Silver Charms', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sterling Silver Charms');
  });

  test('the header search goes to /products/search/{text}', async ({ page }) => {
    await page.goto('/faq');
    await waitForHydration(page);
    await page.getByRole('searchbox', { name: 'Search charms' }).fill('silver heart');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\/search\/silver%20heart$/);
  });

  test('the footer links the information pages and the guides', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [['FAQ', '/faq'], ['About us', '/about-us'], ['Contact us', '/contact-us'], ['Privacy policy', '/privacy-policy'], ['Engraving guide', '/engraving-guide']]) {
      await expect(footer.getByRole('link', { name: name!, exact: true })).toHaveAttribute('href', href!);
    }
    await expect(footer.getByText(/© 1997–\d{4}/)).toBeVisible();
    // Only the social pages configured are linked: the test shop's settings have a Pinterest page alone (e2e/support/seed-settings.ts).
    await expect(footer.getByRole('link', { name: /Pinterest/ })).toHaveAttribute('href', 'https://www.pinterest.com/charmshop-e2e/');
    await expect(footer.getByRole('link', { name: /Facebook|Twitter/ })).toHaveCount(0);
    // A click navigates in the app (the document stays); one with Ctrl is the browser's (here, a new tab).
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const newTab = page.context().waitForEvent('page');
    await footer.getByRole('link', { name: 'About us', exact: true }).click({ modifiers: ['ControlOrMeta'] });
    await expect(await newTab).toHaveURL(/\/about-us$/);
    await expect(page).toHaveURL(/\/$/);
    await footer.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('home\'s categories and a listing\'s product cards navigate in the app; Ctrl+click on a card opens a tab', async ({ page }) => {
    // Plain anchors, like the menu's (components/plain-links.tsx): the page is not loaded again.
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('region', { name: /charm categories/ }).getByRole('link', { name: 'Dog Charms', exact: true }).click();
    await expect(page).toHaveURL(/\/categories\/Dog-Charms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dog Charms');
    const cards = page.getByRole('list', { name: 'Products' });
    const card = cards.getByRole('link').first();
    const name = (await card.textContent())!;
    const newTab = page.context().waitForEvent('page');
    await card.click({ modifiers: ['ControlOrMeta'] });
    await expect(await newTab).toHaveURL(/\/products\//);
    await expect(page).toHaveURL(/\/categories\/Dog-Charms$/);
    await card.click();
    await expect(page).toHaveURL(/\/products\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('the scroll-to-top button appears after two screens and brings the shopper back up', async ({ page }) => {
    await page.goto('/sterling-silver-charms');
    await waitForHydration(page);
    const button = page.getByRole('button', { name: /Back to top/ });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2 + 50));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('shopper session', () => {
  test('a new visitor gets a v4 session that survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user-session-id'))).toMatch(/^[0-9a-f-]{36}$/);
    const id = await page.evaluate(() => localStorage.getItem('user-session-id'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user-session')))!)).toMatchObject({ id, metalId: 40, braceletSize: 7, productsOrderBy: 'Name' });
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => localStorage.getItem('user-session-id'))).toBe(id);
  });

  test('a stored id that is not a v4 UUID is replaced by a new session', async ({ page }) => {
    await page.goto('/faq');
    // Let the first visit's own session settle, so it cannot overwrite the bad one planted next.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user-session-id'))).not.toBeNull();
    await page.evaluate(() => {
      // The id's cookie mirror goes too: with a valid id there, the browser would adopt that session (the bag's).
      document.cookie = 'user-session-id=; Path=/; Max-Age=0';
      localStorage.setItem('user-session-id', 'not-a-uuid');
      localStorage.setItem('user-session', JSON.stringify({ id: 'not-a-uuid', metalId: 40, braceletSize: 7, productId: null, productsOrderBy: 'Name' }));
    });
    const created = page.waitForResponse((response) => response.url().endsWith('/api/user-session') && response.request().method() === 'POST');
    await page.reload();
    expect((await created).status()).toBe(201);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user-session-id'))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
  });

  test.describe('with the page\'s Content-Security-Policy set aside', () => {
    // The policy already stops the page from calling other hosts (connect-src 'self'); this checks the layer
    // beneath it: even where a call to another host is allowed (a configured analytics host), no session id goes.
    test.use({ bypassCSP: true });
    test('the session id goes with the shop’s own requests and never to another host', async ({ page }) => {
      const foreign: string[] = [];
      await page.route('https://elsewhere.example/**', async (route) => {
        foreign.push(route.request().headers().usersessionid ?? 'none');
        await route.fulfill({ status: 200, body: '{}', headers: { 'access-control-allow-origin': '*' } });
      });
      await page.goto('/');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('user-session-id'))).not.toBeNull();
      const id = await page.evaluate(() => localStorage.getItem('user-session-id'));
      const ownRequest = page.waitForRequest((request) => request.url().includes('/api/menu'));
      await page.evaluate(() => fetch('/api/menu'));
      expect((await ownRequest).headers().usersessionid).toBe(id);
      await page.evaluate(() => fetch('https://elsewhere.example/collect').catch(() => null));
      expect(foreign).toEqual(['none']);
    });
  });

  test('a metal chosen without JavaScript is kept in the prefs cookie and used by the next page', async ({ browser }) => {
    // Without JavaScript: with it, the shopper's session (kept in the browser) decides the metal, and would put its
    // own back in the cookie.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/rembrandt-charms');
    await expect(page.locator('main img').first()).toHaveAttribute('src', /sterling-silver/);
    const response = await page.request.post('/preferences', { form: { metalId: '10', redirectTo: '/rembrandt-charms' }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    await context.addCookies([{ name: 'shopper-prefs', value: encodeURIComponent('metalId=10&braceletSize=7&productsOrderBy=Name'), url: page.url() }]);
    await page.reload();
    await expect(page.locator('main img').first()).toHaveAttribute('src', /14k-gold/);
    await context.close();
  });
});

test.describe('analytics', () => {
  test('each navigation pushes a page_view with the page address, also to the same URL', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(async () => (await dataLayer(page)).filter((entry) => entry.event === 'page_view').length).toBe(1);
    const [first] = (await dataLayer(page)).filter((entry) => entry.event === 'page_view');
    expect(first!.page_location).toMatch(/\/$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    await expect.poll(async () => (await dataLayer(page)).filter((entry) => entry.event === 'page_view').at(-1)?.page_location).toMatch(/\/faq$/);
    const reload = page.waitForRequest((request) => request.url().includes('.data'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
    await reload;
    await expect.poll(async () => (await dataLayer(page)).filter((entry) => entry.event === 'page_view').length).toBe(3);
  });

  test('no third-party script loads without GTM_ID', async ({ page }) => {
    const hosts = new Set<string>();
    page.on('request', (request) => hosts.add(new URL(request.url()).host));
    await page.goto('/');
    await waitForHydration(page);
    expect([...hosts]).toEqual([new URL(page.url()).host]);
  });
});
