import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { Bag, PRODUCTS } from './support/bag';
import { cents } from './support/catalog';

const money = (value: number) => `$${(value / 100).toFixed(2)}`;

async function productPrice(page: Page): Promise<number> {
  return cents(await page.getByTestId('product-price').innerText());
}

function dataLayerEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((entry) => entry.event ?? ''));
}

test('an engraved charm in 14k gold carries no engraving charge', async ({ page }) => {
  const bag = new Bag(page);
  await page.goto(PRODUCTS.engravableCharm.path('14k-gold'));
  const price = await productPrice(page);
  await bag.waitForSession();
  await bag.fillAddForm({ engraving: { text: 'Grace', font: 'Script' } });
  await expect(page.getByTestId('engraving-summary')).toContainText('Engraving: free on 14k Gold.');
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('status').getByText('Added to your bag.')).toBeVisible();
  await expect(page.getByRole('status').getByRole('link', { name: 'View your bag' })).toBeVisible();
  // The page pushes its events once it has hydrated: wait for them rather than read at once.
  await expect.poll(() => dataLayerEvents(page)).toContain('add_to_cart');

  await bag.open();
  const line = bag.line(PRODUCTS.engravableCharm.name);
  await expect(line).toContainText('14k Gold');
  await expect(line).toContainText('Engraving: “Grace” in Script');
  await expect(page.getByRole('term').filter({ hasText: 'Engraving' })).toHaveCount(0);
  await bag.expectTotal(money(price));
  // The page pushes its events once it has hydrated: wait for them rather than read at once.
  await expect.poll(() => dataLayerEvents(page)).toContain('view_cart');
});

test('an engraved charm in sterling silver costs $0.75 per character, spaces free; the engraving can be removed', async ({ page }) => {
  const bag = new Bag(page);
  await page.goto(PRODUCTS.engravableCharm.path('sterling-silver'));
  const price = await productPrice(page);
  await bag.waitForSession();
  await bag.fillAddForm({ engraving: { text: 'Grace 2024' } });
  await expect(page.getByTestId('engraving-summary')).toHaveText('10 of 20 characters. Engraving: $6.75 (9 × $0.75).'.replace('20', await maxCharacters(page)));
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('status').getByText('Added to your bag.')).toBeVisible();

  await bag.open();
  await bag.expectTotalsRow('Engraving', '$6.75');
  await bag.expectTotal(money(price + 675));
  await page.getByRole('button', { name: `Remove engraving from ${PRODUCTS.engravableCharm.name}` }).click();
  await bag.expectMessage('Engraving removed.');
  await bag.expectTotal(money(price));
});

test('engraving text over the limit is kept and flagged with what will not fit, and Add to bag refuses it', async ({ page }) => {
  const bag = new Bag(page);
  await page.goto(PRODUCTS.engravableCharm.path('sterling-silver'));
  await bag.waitForSession();
  const max = Number(await maxCharacters(page));
  const text = 'Love you always and forever, my dear'.slice(0, max + 3);
  const field = page.getByLabel('Text to engrave');
  await bag.fillAddForm({ engraving: { text } });
  await expect(field).toHaveValue(text);
  const tooLong = `3 characters too many: “${text.slice(max)}” will not fit`;
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(tooLong));
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(field).toHaveAccessibleDescription(new RegExp(tooLong));
  await expect(page.getByRole('status').getByText('Added to your bag.')).toHaveCount(0);
  await bag.open();
  await expect(bag.lines()).toHaveCount(0);
});

async function maxCharacters(page: Page): Promise<string> {
  const text = await page.getByText(/^Up to \d+ characters: letters/).innerText();
  return /Up to (\d+)/.exec(text)![1]!;
}

test('a bracelet with charms: accept assembly, change quantities, remove', async ({ page }) => {
  const bag = new Bag(page);
  await page.goto(PRODUCTS.charm.path('sterling-silver'));
  const charm = await productPrice(page);
  await bag.addCharm(PRODUCTS.charm.path('sterling-silver'));
  await page.goto(PRODUCTS.bracelet.path('sterling-silver'));
  const bracelet = await productPrice(page);
  await bag.fillAddForm({});
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('status').getByText('Added to your bag.')).toBeVisible();

  await bag.open();
  await expect(bag.lines()).toHaveCount(2);
  await expect(page.getByText('Have us put your charms on your bracelet: $9.95')).toBeVisible();
  await page.getByRole('button', { name: 'Add assembly' }).click();
  await bag.expectTotalsRow('Assembly', '$9.95');
  await expect(page.getByText('Have us put your charms on your bracelet')).toHaveCount(0);
  await bag.expectTotal(money(charm + bracelet + 995));

  await page.getByRole('button', { name: `One more ${PRODUCTS.charm.name}` }).click();
  await expect(page.getByLabel(`Quantity of ${PRODUCTS.charm.name}`)).toHaveValue('2');
  await bag.setQuantity(PRODUCTS.charm.name, 3);
  await bag.expectTotal(money(3 * charm + bracelet + 995));
  await bag.expectHeaderCount(4);

  await bag.remove(PRODUCTS.charm.name);
  await bag.expectMessage(`Removed ${PRODUCTS.charm.name} from your bag.`);
  // The page pushes its events once it has hydrated: wait for them rather than read at once.
  await expect.poll(() => dataLayerEvents(page)).toContain('remove_from_cart');
  await bag.expectTotal(money(bracelet + 995));
  await bag.expectHeaderCount(1);
});

test('promo codes: WELCOME10 takes 10% off merchandise; SUMMER2020 has ended', async ({ page }) => {
  const bag = new Bag(page);
  await page.goto(PRODUCTS.charm.path('sterling-silver'));
  const price = await productPrice(page);
  await bag.addCharm(PRODUCTS.charm.path('sterling-silver'));
  await bag.open();

  await bag.applyPromo('SUMMER2020');
  await bag.expectMessage('That promo code is not valid');
  await expect(page.getByLabel('Promo code')).toHaveAttribute('aria-invalid', 'true');
  await bag.expectTotal(money(price));

  await bag.applyPromo('welcome10');
  await bag.expectMessage(/Promo code WELCOME10 applied/);
  const discount = Math.round(price / 10);
  await bag.expectTotalsRow('Discount (WELCOME10)', `−${money(discount)}`);
  await bag.expectTotal(money(price - discount));
});

test('shipping to Texas by 2-3 day adds $14.75 and shows delivery dates', async ({ page }) => {
  const bag = new Bag(page);
  await page.goto(PRODUCTS.charm.path('sterling-silver'));
  const price = await productPrice(page);
  await bag.addCharm(PRODUCTS.charm.path('sterling-silver'));
  await bag.open();
  await expect(page.getByText('Choose your state to see the shipping options')).toBeVisible();
  await bag.chooseShipping('Texas', '2-3 Day');
  await bag.expectTotalsRow('Shipping (2-3 Day)', '$14.75');
  await bag.expectTotal(money(price + 1475));
  await expect(page.getByRole('radio', { name: /^2-3 Day/ })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Shipping to Texas' })).toContainText(/arrives \w{3}, \w{3} \d+/);

  await page.getByLabel('Order comments').fill('Gift wrap, please');
  await page.getByRole('button', { name: 'Save comments' }).click();
  await bag.expectMessage('Comments saved.');
  await page.reload();
  await expect(page.getByLabel('Order comments')).toHaveValue('Gift wrap, please');
  await expect(page.getByLabel('Ship to state')).toHaveValue('TX');
  await bag.expectTotal(money(price + 1475));
});

test('the header shows the count and Buy Now; the bag survives a reload and a new tab', async ({ page, context }) => {
  const bag = new Bag(page);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Buy Now' })).toHaveCount(0);
  await bag.addCharm(PRODUCTS.charm.path('sterling-silver'), { quantity: 2 });
  await bag.expectHeaderCount(2);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/order/process');

  await page.reload();
  await bag.expectHeaderCount(2);
  const tab = await context.newPage();
  const other = new Bag(tab);
  await other.open();
  await expect(other.line(PRODUCTS.charm.name)).toBeVisible();
  await expect(tab.getByLabel(`Quantity of ${PRODUCTS.charm.name}`)).toHaveValue('2');
  await other.expectHeaderCount(2);
  await tab.close();
});

test('an empty bag offers places to start and a search; emptying a full bag gets there', async ({ page }) => {
  const bag = new Bag(page);
  await bag.open();
  await expect(page.getByText('Your bag is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sterling Silver Charms' }).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('search')).toBeVisible();

  await bag.addCharm(PRODUCTS.charm.path('sterling-silver'));
  await bag.open();
  await page.getByRole('button', { name: 'Empty bag' }).click();
  await page.getByRole('dialog', { name: 'Empty your bag?' }).getByRole('button', { name: 'Yes, empty it' }).click();
  await expect(page.getByText('Your bag is now empty.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Buy Now' })).toHaveCount(0);
});

test('Empty bag asks first: keeping the bag keeps every item; emptying it says so once', async ({ page }) => {
  const bag = new Bag(page);
  await bag.addCharm(PRODUCTS.charm.path('sterling-silver'));
  await bag.open();
  const dialog = page.getByRole('dialog', { name: 'Empty your bag?' });
  await page.getByRole('button', { name: 'Empty bag' }).click();
  await expect(dialog).toBeVisible();
  // The safe answer has the focus; Escape is the same as Keep my bag.
  await expect(dialog.getByRole('button', { name: 'Keep my bag' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Empty bag' })).toBeFocused();
  await page.getByRole('button', { name: 'Empty bag' }).click();
  await dialog.getByRole('button', { name: 'Keep my bag' }).click();
  await expect(dialog).toBeHidden();
  await expect(bag.line(PRODUCTS.charm.name)).toBeVisible();
  await bag.expectHeaderCount(1);

  await page.getByRole('button', { name: 'Empty bag' }).click();
  await dialog.getByRole('button', { name: 'Yes, empty it' }).click();
  await expect(page.getByText('Your bag is now empty.')).toBeVisible();
  await expect(page.getByText(/Your bag is (now )?empty/)).toHaveCount(1);
  await expect(bag.line(PRODUCTS.charm.name)).toHaveCount(0);
});

test('a refused quantity replaces the last message with the reason', async ({ page }) => {
  const bag = new Bag(page);
  await bag.addCharm(PRODUCTS.charm.path('sterling-silver'));
  await bag.open();
  await bag.setQuantity(PRODUCTS.charm.name, 2);
  await bag.expectMessage('Quantity changed to 2.');
  // The page has reloaded its data (the header says 2) before the next number is typed.
  await bag.expectHeaderCount(2);
  await page.getByLabel(`Quantity of ${PRODUCTS.charm.name}`).fill('100');
  await page.getByRole('button', { name: `Update quantity of ${PRODUCTS.charm.name}` }).click();
  await bag.expectMessage(/99/);
  await expect(page.getByText('Quantity changed to 2.')).toHaveCount(0);
  await expect(page.locator('.bag-status .notice--error')).toBeVisible();
  // Nothing changed: the bag still holds two.
  await bag.expectHeaderCount(2);
});

test('without JavaScript, Empty bag asks on the page first, and a refused quantity says why', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const bag = new Bag(page);
  await page.goto(PRODUCTS.charm.path('sterling-silver'));
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByText('Added to your bag.')).toBeVisible();
  await bag.open();

  await bag.setQuantity(PRODUCTS.charm.name, 2);
  await expect(page.getByText('Quantity changed to 2.')).toBeVisible();
  await page.getByLabel(`Quantity of ${PRODUCTS.charm.name}`).fill('100');
  await page.getByRole('button', { name: `Update quantity of ${PRODUCTS.charm.name}` }).click();
  await expect(page.locator('.bag-status .notice--error')).toContainText('99');
  await expect(page.getByText('Quantity changed to 2.')).toHaveCount(0);

  const question = page.getByRole('region', { name: 'Empty your bag?' });
  await page.getByRole('button', { name: 'Empty bag' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('link', { name: 'Keep my bag' }).click();
  await expect(question).toHaveCount(0);
  await expect(bag.line(PRODUCTS.charm.name)).toBeVisible();

  await page.getByRole('button', { name: 'Empty bag' }).click();
  await question.getByRole('button', { name: 'Yes, empty it' }).click();
  await expect(page.getByText('Your bag is now empty.')).toBeVisible();
  await expect(page.getByText(/Your bag is (now )?empty/)).toHaveCount(1);
  await context.close();
});

test('without JavaScript a shopper can add to the bag and change the quantity', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const bag = new Bag(page);
  await page.goto(PRODUCTS.engravableCharm.path('sterling-silver'));
  const price = await productPrice(page);
  await page.getByLabel('Text to engrave').fill('<b>');
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByLabel('Text to engrave')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Text to engrave')).toHaveValue('<b>');

  await page.getByLabel('Text to engrave').fill('');
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByText('Added to your bag.')).toBeVisible();
  // The page's own summary says how many; the header, the same for every shopper, links the bag with no count.
  await expect(page.getByRole('region', { name: 'Added to your bag.' }).getByTestId('mini-bag-count')).toHaveText('2 items');
  await expect(bag.headerBag()).toHaveAccessibleName('Shopping Bag');

  await bag.open();
  await bag.expectTotal(money(2 * price));
  await page.getByRole('button', { name: `One more ${PRODUCTS.engravableCharm.name}` }).click();
  await expect(page.getByText('Quantity changed to 3.')).toBeVisible();
  await bag.setQuantity(PRODUCTS.engravableCharm.name, 5);
  await bag.expectTotal(money(5 * price));
  await context.close();
});

test.describe('accessibility of the bag (axe, WCAG 2.2 AA)', () => {
  const axe = async (page: Page) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  };

  test('the empty bag', async ({ browser }, testInfo) => {
    const context = await browser.newContext(testInfo.project.use);
    const page = await context.newPage();
    await new Bag(page).open();
    await axe(page);
    await context.close();
  });

  test('the question before emptying the bag, as a dialog and as the page without JavaScript shows it', async ({ browser }, testInfo) => {
    const context = await browser.newContext(testInfo.project.use);
    const page = await context.newPage();
    const bag = new Bag(page);
    await bag.addCharm(PRODUCTS.charm.path('sterling-silver'));
    await bag.open();
    await page.getByRole('button', { name: 'Empty bag' }).click();
    await expect(page.getByRole('dialog', { name: 'Empty your bag?' })).toBeVisible();
    await axe(page);
    // axe needs scripts to run: the page a browser without JavaScript gets is the same markup at /order?empty=ask.
    await page.goto('/order?empty=ask');
    await expect(page.getByRole('region', { name: 'Empty your bag?' })).toBeVisible();
    await axe(page);
    await context.close();
  });

  test('a full bag and the add-to-bag form', async ({ browser }, testInfo) => {
    const context = await browser.newContext(testInfo.project.use);
    const page = await context.newPage();
    const bag = new Bag(page);
    await page.goto(PRODUCTS.engravableCharm.path('sterling-silver'));
    await axe(page);
    await bag.addCharm(PRODUCTS.engravableCharm.path('sterling-silver'), { engraving: { text: 'Ann' } });
    await bag.addCharm(PRODUCTS.bracelet.path('sterling-silver'));
    await bag.open();
    await bag.chooseShipping('Texas', 'Next Business Day');
    await bag.applyPromo('SUMMER2020');
    await bag.expectMessage('That promo code is not valid');
    await axe(page);
    await context.close();
  });
});

test('a shopper whose session was removed after long disuse adds to the bag as before, and the bag stays theirs', async ({ page, context, baseURL }) => {
  // A session id the server does not know, in local storage and the cookie: what a browser keeps after its session
  // was removed (apps/api/src/services/user-sessions.ts, removeIdleSessions).
  const gone = '9d8c7b6a-5f4e-4d3c-a2b1-0f9e8d7c6b5a';
  await context.addCookies([{ name: 'user-session-id', value: gone, url: baseURL! }]);
  await context.addInitScript((id) => {
    if (window.localStorage.getItem('user-session-id')) return;
    window.localStorage.setItem('user-session-id', id);
    window.localStorage.setItem('user-session', JSON.stringify({ id, metalId: 40, braceletSize: 7, productId: null, productsOrderBy: 'Name' }));
  }, gone);
  const bag = new Bag(page);
  await bag.addCharm(PRODUCTS.engravableCharm.path('sterling-silver'));
  const session = (await context.cookies()).find((cookie) => cookie.name === 'user-session-id')!.value;
  expect(session).not.toBe(gone);

  await bag.open();
  await expect(bag.line(PRODUCTS.engravableCharm.name)).toBeVisible();
  // The page's script now uses the new session too: after a reload the bag is still there.
  await page.reload();
  await expect(bag.line(PRODUCTS.engravableCharm.name)).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('user-session-id'))).toBe(session);
  expect((await context.cookies()).find((cookie) => cookie.name === 'user-session-id')!.value).toBe(session);
});
