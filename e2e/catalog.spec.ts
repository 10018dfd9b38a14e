import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ListingPage, ProductPage, cents, searchFromHeader, sessionRemembers } from './support/catalog';

/** The catalog pages (issue 3): listings, sorting, paging, metals, product pages, search, SEO. */

test.describe('category listing', () => {
  test('a shopper browses a category from the list of all categories', async ({ page }) => {
    await page.goto('/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Charm categories' })).toBeVisible();
    await page.getByRole('list', { name: 'All categories' }).getByRole('link', { name: 'Dog Charms', exact: true }).click();

    const listing = new ListingPage(page);
    await expect(page).toHaveURL(/\/categories\/Dog-Charms$/);
    await expect(listing.heading()).toHaveText('Dog Charms');
    await expect(listing.summary()).toHaveText('Showing 1–48 of 68 products in Sterling Silver');
    await expect(listing.cards).toHaveCount(48);
    expect((await listing.prices()).every((price) => price !== null && price > 0)).toBe(true);
  });

  test('switching metal shows prices in that metal, and the next category opens in it too', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Dog-Charms');
    const [firstName] = await listing.names();
    const [silverPrice] = await listing.prices();

    await listing.chooseMetal('14k Gold');
    await expect(page).toHaveURL(/\/products\/category\/14k-gold\/Dog-Charms$/);
    await expect(listing.heading()).toHaveText('14k Gold Dog Charms');
    await expect(listing.summary()).toContainText('in 14k Gold');
    expect((await listing.names())[0]).toBe(firstName);
    const [goldPrice] = await listing.prices();
    expect(goldPrice).toBeGreaterThan(silverPrice! * 4);

    // The choice is remembered: a category without a metal in its address now shows 14k gold prices.
    await sessionRemembers(page, { metalId: 10 });
    await listing.open('/products/category/Cat-Charms');
    await expect(listing.summary()).toContainText('in 14k Gold');
  });

  test('a product not made in the chosen metal says so and links to the metals it is made in', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/gold-plate/Dog-Charms');
    const unavailable = listing.cards.filter({ hasText: 'Not available in Gold Plate' }).first();
    await expect(unavailable).toBeVisible();
    const name = await unavailable.getByRole('link').first().innerText();
    await unavailable.getByRole('link', { name: /See other metals/ }).click();

    const product = new ProductPage(page);
    await expect(product.heading()).toHaveText(name);
    await expect(product.price()).toHaveText('Not available in Gold Plate');
    await expect(page.getByRole('region', { name: 'Metal' }).getByRole('link').first()).toBeVisible();
  });

  test('sorting by price orders the products and keeps the choice in the address', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Dog-Charms');

    // With JavaScript the address changes when the new listing's data is in, a moment before React renders it: the
    // cards are read again until the new order shows (reading them once raced the render: the old order, a failure).
    const pricesOnceSorted = async (compare: (a: number, b: number) => number) => {
      let prices: number[] = [];
      await expect(async () => {
        prices = (await listing.prices()) as number[];
        expect(prices).toEqual([...prices].sort(compare));
      }).toPass({ timeout: 5_000 });
      return prices;
    };

    await listing.sortBy('Price: low to high');
    await expect(page).toHaveURL(/orderBy=PriceLowHigh/);
    await expect(page.getByLabel('Sort by')).toHaveValue('PriceLowHigh');
    const ascending = await pricesOnceSorted((a, b) => a - b);

    await listing.sortBy('Price: high to low');
    await expect(page).toHaveURL(/orderBy=PriceHighLow/);
    await expect(page.getByLabel('Sort by')).toHaveValue('PriceHighLow');
    const descending = await pricesOnceSorted((a, b) => b - a);
    expect(descending[0]).toBeGreaterThan(ascending[0]!);
  });

  test('paging moves through the category without repeating a product', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Dog-Charms');
    const firstPage = await listing.names();

    await listing.goToPage('Next');
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(listing.summary()).toHaveText('Showing 49–68 of 68 products in Sterling Silver');
    await expect(listing.cards).toHaveCount(20);
    const secondPage = await listing.names();
    expect(new Set([...firstPage, ...secondPage]).size).toBe(68);

    await listing.goToPage(1);
    await expect(page).toHaveURL(/\/products\/category\/Dog-Charms$/);
    await expect(listing.summary()).toHaveText('Showing 1–48 of 68 products in Sterling Silver');
  });

  test('addresses with a page past the end or an unknown sort land on a sensible page', async ({ page }) => {
    const listing = new ListingPage(page);
    await page.goto('/products/category/Dog-Charms?page=99');
    await expect(page).toHaveURL(/\/products\/category\/Dog-Charms\?page=2$/);
    await expect(listing.summary()).toHaveText('Showing 49–68 of 68 products in Sterling Silver');

    const response = await page.goto('/products/category/Dog-Charms?orderBy=Cheapest&page=abc');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/products\/category\/Dog-Charms$/);
    await expect(listing.cards).toHaveCount(48);
  });

  test('the listing pushes its GA4 view_item_list event to the data layer, an item for each card', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Cat-Charms');
    await expect
      .poll(() => page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((entry) => entry.event)))
      .toEqual(expect.arrayContaining(['page_view', 'view_item_list']));
    // The items are built in the browser from the products shown (catalog/list-items.ts): the same names, in order.
    type ListEvent = { event?: string; ecommerce?: { item_list_name: string; items: { item_name: string; item_variant: string; index: number; price?: number }[] } };
    const event = await page.evaluate(() => ((window as unknown as { dataLayer: ListEvent[] }).dataLayer).find((entry) => entry.event === 'view_item_list')!);
    const names = await listing.cards.locator('.catalog-card__name').allTextContents();
    expect(event.ecommerce!.item_list_name).toBe('Cat Charms');
    expect(event.ecommerce!.items.map((item) => item.item_name)).toEqual(names);
    expect(event.ecommerce!.items[0]).toMatchObject({ index: 0, item_variant: 'Sterling Silver', price: expect.any(Number) });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sorting, paging and choosing a metal work with plain links and forms', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Dog-Charms');

    await listing.sortBy('Price: high to low');
    await expect(page).toHaveURL(/\?orderBy=PriceHighLow$/);
    const prices = (await listing.prices()) as number[];
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    await listing.goToPage(2);
    await expect(page).toHaveURL(/\?orderBy=PriceHighLow&page=2$/);
    await expect(listing.summary()).toHaveText('Showing 49–68 of 68 products in Sterling Silver');
    const secondPage = (await listing.prices()) as number[];
    expect(secondPage[0]).toBeLessThanOrEqual(prices.at(-1)!);

    await listing.chooseMetal('10k Gold');
    await expect(page).toHaveURL(/\/products\/category\/10k-gold\/Dog-Charms\?orderBy=PriceHighLow$/);
    await expect(listing.summary()).toContainText('in 10k Gold');

    // Remembered in the prefs cookie: other categories open in 10k gold, sorted by price.
    await listing.open('/products/category/Cat-Charms');
    await expect(listing.summary()).toContainText('in 10k Gold');
    await expect(page.getByLabel('Sort by')).toHaveValue('PriceHighLow');
  });

  test('the header search form finds dog charms for a typo', async ({ page }) => {
    await page.goto('/');
    await searchFromHeader(page, 'dgo');
    await expect(page).toHaveURL(/\/products\/search\/dgo$/);
    await expect(page.getByText('Showing results for dog (no results for dgo).')).toBeVisible();
  });
});

test.describe('product page', () => {
  test('a shopper opens a product from a listing and switches metal: the price and address change', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Dog-Charms');
    const [name] = await listing.names();
    const [listedPrice] = await listing.prices();
    await listing.openProduct(name!);

    const product = new ProductPage(page);
    await expect(page).toHaveURL(/\/products\/dog-charms\/sterling-silver\/[a-z0-9-]+\/\d+$/);
    expect(cents(await product.price().innerText())).toBe(listedPrice);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dog Charms' })).toBeVisible();
    await expect(page.getByText(/Ships by (Monday|Tuesday|Wednesday|Thursday|Friday), [A-Z][a-z]+ \d{1,2}\./)).toBeVisible();
    await expect(page.getByText('Lifetime warranty from the maker.')).toBeVisible();

    const goldPrice = /\$[\d,]+\.\d\d/.exec(await product.metalOption('14k Gold').innerText())![0];
    await product.chooseMetal('14k Gold');
    await expect(page).toHaveURL(/\/products\/dog-charms\/14k-gold\/[a-z0-9-]+\/\d+$/);
    await expect(product.price()).toHaveText(goldPrice);
    expect(cents(goldPrice)).toBeGreaterThan(listedPrice!);

    // The listing follows the metal chosen on the product page.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dog Charms' }).click();
    await expect(listing.summary()).toContainText('in 14k Gold');
  });

  test('a bracelet changes length and metal in its address, and bracelet listings follow the length', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Charm-Bracelets');
    const [name] = await listing.names();
    await listing.openProduct(name!);
    await expect(page).toHaveURL(/\/products\/rembrandt-bracelets\/sterling-silver\/7-inch\/[a-z0-9-]+\/\d+$/);

    const product = new ProductPage(page);
    await product.chooseLength(7.5);
    await expect(page).toHaveURL(/\/products\/rembrandt-bracelets\/sterling-silver\/7\.5-inch\/[a-z0-9-]+\/\d+$/);
    await expect(page.getByText('Sterling Silver, 7.5 inch')).toBeVisible();

    const silverPrice = cents(await product.price().innerText());
    const whiteGoldPrice = cents(await product.metalOption('14k White Gold').innerText());
    await product.chooseMetal('14k White Gold');
    await expect(page).toHaveURL(/\/products\/rembrandt-bracelets\/14k-white-gold\/7\.5-inch\/[a-z0-9-]+\/\d+$/);
    await expect.poll(async () => cents(await product.price().innerText())).toBe(whiteGoldPrice);
    expect(whiteGoldPrice).toBeGreaterThan(silverPrice);

    await sessionRemembers(page, { metalId: 20, braceletSize: 7.5 });
    await listing.open('/products/category/Charm-Bracelets');
    await expect(listing.summary()).toContainText('in 14k White Gold');
    await expect(listing.products.getByRole('link', { name, exact: true })).toHaveAttribute('href', /\/14k-white-gold\/7\.5-inch\//);
  });

  test('an engravable, made-to-order charm shows its engraving options, lead time and returns rule', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Calendar-Charms');
    const [name] = await listing.names();
    await listing.openProduct(name!);

    const engraving = page.getByRole('region', { name: 'Engraving' });
    await expect(engraving.getByText(/Up to \d+ characters/)).toBeVisible();
    await expect(engraving.getByText(/\$0\.75 per character/)).toBeVisible();
    await expect(engraving.getByText('Script', { exact: true })).toBeVisible();
    await expect(page.getByText(/Made to order for you: allow \d+–\d+ business days/)).toBeVisible();
    await expect(page.getByText('Made just for you, so it cannot be returned.')).toBeVisible();

    await new ProductPage(page).chooseMetal('14k White Gold');
    await expect(engraving.getByText('Engraving is free on 14k White Gold')).toBeVisible();
  });

  test('a PhotoArt charm tells the shopper where to email the photo', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/PhotoArt-Charms');
    const [name] = await listing.names();
    await listing.openProduct(name!);
    await expect(page.getByRole('region', { name: 'Your photo' }).getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
  });

  test('structured data describes the product with an offer per metal, and the breadcrumbs', async ({ page, baseURL }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Dog-Charms');
    const [name] = await listing.names();
    await listing.openProduct(name!);

    const data = await new ProductPage(page).structuredData();
    const productData = data.Product as { name: string; image: string[]; offers: { price: string; priceCurrency: string; url: string; availability: string }[] };
    expect(productData.name).toBe(name);
    expect(productData.image[0]).toMatch(/^https?:\/\/[^/]+\/api\/images\//);
    const offeredMetals = await page.getByRole('region', { name: 'Metal' }).getByRole('link').count();
    expect(productData.offers).toHaveLength(offeredMetals);
    for (const offer of productData.offers) {
      expect(offer).toMatchObject({ priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
      expect(offer.price).toMatch(/^\d+\.\d\d$/);
      expect(offer.url).toMatch(/^https?:\/\/[^/]+\/products\/dog-charms\//);
    }
    const shownPrice = cents(await new ProductPage(page).price().innerText());
    expect(productData.offers.map((offer) => Math.round(Number(offer.price) * 100))).toContain(shownPrice);
    const crumbs = (data.BreadcrumbList as { itemListElement: { position: number; name: string }[] }).itemListElement;
    expect(crumbs.map((crumb) => crumb.name)).toEqual(['Home', 'Dog Charms', name]);
    expect(baseURL).toBeTruthy();
  });
});

test.describe('search', () => {
  test('a typo in the header search lands on dog charms', async ({ page }) => {
    await page.goto('/');
    await searchFromHeader(page, 'dgo');
    await expect(page).toHaveURL(/\/products\/search\/dgo$/);

    const listing = new ListingPage(page);
    await expect(page.getByText('Showing results for dog (no results for dgo).')).toBeVisible();
    const names = await listing.names();
    expect(names.slice(0, 4).every((name) => /dog/i.test(name))).toBe(true);
  });

  test('a search that finds a little as typed suggests the likelier spelling', async ({ page }) => {
    await page.goto('/products/search/hart');
    await expect(page.getByText('Did you mean heart?')).toBeVisible();
    await page.getByRole('link', { name: 'heart', exact: true }).click();
    await expect(page).toHaveURL(/\/products\/search\/heart$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “heart”');
  });

  test('a search with no results offers popular categories, every category and a new search', async ({ page }) => {
    await page.goto('/products/search?q=xqzwvk');
    await expect(page).toHaveURL(/\/products\/search\/xqzwvk$/);
    await expect(page.getByRole('heading', { name: 'We found no charms matching “xqzwvk”' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Popular categories' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse all charm categories' })).toHaveAttribute('href', '/categories');

    const box = page.getByRole('searchbox', { name: 'Search for charms' });
    await box.fill('heart');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/search\/heart$/);
    await expect(new ListingPage(page).cards.first()).toContainText(/heart/i);
  });

  test('a search pages through its first 1,000 products, says so on its last page, and a deeper address lands there', async ({ page }) => {
    const listing = new ListingPage(page);
    await page.goto('/products/search/charm?page=2084');
    await expect(page).toHaveURL(/\/products\/search\/charm\?page=21$/);
    await expect(listing.summary()).toHaveText(/^Showing 961–1,000 of [\d,]+ products in Sterling Silver$/);
    await expect(listing.cards).toHaveCount(40);
    await expect(page.getByText(/^A search shows its first 1,000 of the [\d,]+ products it finds\. To see others, add a word/)).toBeVisible();
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await expect(pages.getByLabel('Page 21')).toHaveAttribute('aria-current', 'page');
    // Earlier pages say nothing of it.
    await pages.getByRole('link', { name: 'Page 20' }).click();
    await expect(page).toHaveURL(/\?page=20$/);
    await expect(listing.summary()).toHaveText(/^Showing 913–960 of/);
    await expect(page.getByText(/A search shows its first 1,000/)).toHaveCount(0);
  });

  test('search words are shown as text, never as markup', async ({ page }) => {
    const words = '<img src=x onerror=alert(1)> "quotes" 🐶';
    await page.goto(`/products/search/${encodeURIComponent(words)}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('<img src=x onerror=alert(1)>');
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  });
});

test.describe('addresses that are wrong or old', () => {
  test('an unknown category, metal or product answers 404 with the not-found page', async ({ page }) => {
    for (const path of ['/products/category/Unicorn-Charms', '/products/category/platinum/Dog-Charms', '/categories/No-Such-Thing', '/products/dog-charms/sterling-silver/no-such-charm/999999']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    }
  });

  test('a product address with a stale slug answers 301 to the canonical one, keeping the query', async ({ page, request }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Dog-Charms');
    const href = (await listing.products.getByRole('link').first().getAttribute('href'))!;
    const stale = href.replace(/\/[a-z0-9-]+\/(\d+)$/, '/an-old-name/$1');

    const response = await request.get(`${stale}?ref=mail`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`${href}?ref=mail`);

    await page.goto(stale);
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/.]/g, '\\$&')}$`));
  });
});

test('sitemap.xml lists the categories and every product page', async ({ request, page }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(urls.length).toBeGreaterThan(2000);
  expect(urls.some((url) => url.endsWith('/products/category/Dog-Charms'))).toBe(true);

  const listing = new ListingPage(page);
  await listing.open('/products/category/Cat-Charms');
  for (const href of await listing.products.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    expect(urls.some((url) => url.endsWith(href!))).toBe(true);
  }
});

test.describe('accessibility of the catalog pages (axe, WCAG 2.2 AA)', () => {
  const pages: [string, string | null][] = [
    ['/categories', null],
    ['/products/category/Charm-Bracelets', null],
    ['/products/search/dgo', null],
    ['/products/search/xqzwvk', null],
    ['/products/category/Calendar-Charms', 'first product'],
    ['/products/category/gold-plate/Dog-Charms', 'first product'],
  ];
  for (const [path, then] of pages) {
    test(`${path}${then ? ` (${then})` : ''} has no violations`, async ({ browser }, testInfo) => {
      const context = await browser.newContext(testInfo.project.use);
      const page = await context.newPage();
      const listing = new ListingPage(page);
      await listing.open(path);
      if (then) await listing.openProduct((await listing.names())[0]!);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }
});
