import { type Page, type Request, expect, test } from '@playwright/test';
import { Bag, PRODUCTS } from './support/bag';
import { ListingPage, ProductPage, sessionRemembers } from './support/catalog';

/** Chooses a bracelet length with the page's length buttons, adds it, and reads the bag's line. */
async function addBraceletOfLength(page: Page, inches: number) {
  const bag = new Bag(page);
  await page.goto(PRODUCTS.bracelet.path('sterling-silver'));
  await bag.waitForSession();
  await new ProductPage(page).chooseLength(inches);
  await expect(page.getByText(`Sterling Silver, ${inches} inch`)).toBeVisible();
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('status').getByText('Added to your bag.')).toBeVisible();
  await bag.open();
  await expect(bag.line(PRODUCTS.bracelet.name)).toContainText(`Sterling Silver, ${inches} inch`);
}

/** The metals sent to PUT /api/user-session from now on. */
function metalsPut(page: Page): number[] {
  const metals: number[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'PUT' || !new URL(request.url()).pathname.startsWith('/api/user-session')) return;
    const body = request.postDataJSON() as { metalId?: number } | null;
    if (body?.metalId !== undefined) metals.push(body.metalId);
  });
  return metals;
}

test.describe('the bracelet length shown is the length added', () => {
  test('with JavaScript', async ({ page }) => {
    await addBraceletOfLength(page, 8.5);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('with plain links and a plain form', async ({ page }) => {
      await addBraceletOfLength(page, 8.5);
    });
  });
});

test.describe("only the shopper's own choice changes the metal", () => {
  test('viewing a sterling product after choosing 14k gold leaves listings in 14k gold', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.open('/products/category/Dog-Charms');
    await listing.chooseMetal('14k Gold');
    await expect(listing.summary()).toContainText('in 14k Gold');
    const gold = 10;
    await sessionRemembers(page, { metalId: gold });

    const metals = metalsPut(page);
    await page.goto(PRODUCTS.charm.path('sterling-silver'));
    await expect(new ProductPage(page).metalOption('Sterling Silver')).toHaveAttribute('aria-current', 'true');
    await new Bag(page).waitForSession();
    // Whatever the page sends once its session is loaded has been sent when the network falls quiet.
    await page.waitForLoadState('networkidle');
    expect(metals.filter((metal) => metal !== gold)).toEqual([]);

    await listing.open('/products/category/Cat-Charms');
    await expect(listing.summary()).toContainText('in 14k Gold');
  });

  test('choosing a metal on the product page is remembered', async ({ page }) => {
    await page.goto(PRODUCTS.charm.path('sterling-silver'));
    await new Bag(page).waitForSession();
    await new ProductPage(page).chooseMetal('14k Gold');
    await sessionRemembers(page, { metalId: 10 });
    const listing = new ListingPage(page);
    await listing.open('/products/category/Cat-Charms');
    await expect(listing.summary()).toContainText('in 14k Gold');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('viewing a sterling product leaves listings in the chosen metal; choosing one on the page changes them', async ({ page }) => {
      const listing = new ListingPage(page);
      await listing.open('/products/category/Dog-Charms');
      await listing.chooseMetal('14k Gold');

      await page.goto(PRODUCTS.charm.path('sterling-silver'));
      await expect(new ProductPage(page).metalOption('Sterling Silver')).toHaveAttribute('aria-current', 'true');
      await listing.open('/products/category/Cat-Charms');
      await expect(listing.summary()).toContainText('in 14k Gold');

      await page.goto(PRODUCTS.charm.path('14k-gold'));
      await new ProductPage(page).chooseMetal('Sterling Silver');
      await expect(page).toHaveURL(/\/products\/heart-charms\/sterling-silver\/heart-key-charm\/1838$/);
      await listing.open('/products/category/Cat-Charms');
      await expect(listing.summary()).toContainText('in Sterling Silver');
    });
  });
});
