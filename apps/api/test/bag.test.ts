import { type AddItemResponse, type BagResponse, addItemResponseSchema, bagResponseSchema, shippingTypesResponseSchema } from '@charms/contracts/bag';
import { productListResponseSchema } from '@charms/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorOf, shopperApi, useTestApp } from './helper';

const t = useTestApp();
const { newSession, call } = shopperApi(t);



async function ok(response: { statusCode: number; body: string; json: () => unknown }): Promise<BagResponse> {
  expect(response.statusCode, response.body).toBe(200);
  return bagResponseSchema.parse(response.json());
}

async function firstProduct(path: string, metalId = 40) {
  const listing = productListResponseSchema.parse((await t.app.inject(`/api/products?path=${path}&metalId=${metalId}&pageSize=1`)).json());
  return listing.products[0]!;
}

const bag = (session: string) => call(session, 'GET', '/shopping-cart?includeSuggestedItems=true').then(ok);

/** POST /shopping-cart/items, which must succeed; its answer (the line, the count, the event). */
async function add(session: string, body: unknown): Promise<AddItemResponse> {
  const response = await call(session, 'POST', '/shopping-cart/items', body);
  expect(response.statusCode, response.body).toBe(200);
  return addItemResponseSchema.parse(response.json());
}

describe('GET /api/shopping-cart', () => {
  it('starts empty, with the states to ship to, suggestions and a view_cart event; never cached', async () => {
    const session = await newSession();
    const response = await call(session, 'GET', '/shopping-cart?includeSuggestedItems=true&userSessionId=null');
    expect(response.headers['cache-control']).toBe('no-store');
    const empty = await ok(response);
    expect(empty.tempOrder.tempOrderItems).toEqual([]);
    expect(empty.tempOrder.itemCount).toBe(0);
    expect(empty.tempOrder.totals.total).toEqual({ cents: 0, display: '$0.00' });
    expect(empty.stateProvinces.map((state) => state.code)).toEqual(expect.arrayContaining(['TX', 'DC', 'PR', 'AK']));
    expect(empty.suggestedItems.length).toBeGreaterThan(0);
    expect(empty.dataLayers[0]).toMatchObject({ event: 'view_cart' });
  });

  it('needs a known session in the userSessionId header', async () => {
    expect((await t.app.inject('/api/shopping-cart')).statusCode).toBe(400);
    const unknown = await call('0b7c2a4e-3f1d-4c8e-9a6b-5d2e1f0a9b8c', 'GET', '/shopping-cart');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
  });
});

describe('adding to the bag', () => {
  it('prices from the catalog, refuses a price sent by the client, and grows the same line', async () => {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Dog-Charms');
    const priced = await call(session, 'POST', '/shopping-cart/items', { productId: charm.id, metalId: 40, quantity: 1, price: 1, unitPrice: { cents: 1 } });
    expect(priced.statusCode).toBe(400);
    expect(errorOf(priced).details).toEqual([{ field: 'price, unitPrice', message: 'are not fields this call accepts' }]);
    const first = await add(session, { productId: charm.id, metalId: 40, quantity: 1 });
    expect(first).toMatchObject({ quantity: 1, itemCount: 1 });
    expect(first.dataLayers).toEqual([
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'USD',
          value: charm.price!.cents / 100,
          items: [{ item_id: String(charm.id), item_name: charm.name, item_brand: 'Rembrandt', item_variant: 'Sterling Silver', price: charm.price!.cents / 100, quantity: 1 }],
        },
      },
    ]);
    const afterFirst = await bag(session);
    expect(afterFirst.tempOrder.tempOrderItems).toHaveLength(1);
    expect(afterFirst.tempOrder.tempOrderItems[0]!.itemUuid).toBe(first.itemUuid);
    expect(afterFirst.tempOrder.tempOrderItems[0]!.unitPrice).toEqual(charm.price);
    // The same again grows that line; the event counts what this add put in.
    const second = await add(session, { productId: charm.id, metalId: 40, quantity: 2 });
    expect(second).toMatchObject({ itemUuid: first.itemUuid, quantity: 3, itemCount: 3 });
    expect(second.dataLayers[0]).toMatchObject({ event: 'add_to_cart', ecommerce: { value: (charm.price!.cents * 2) / 100, items: [{ quantity: 2 }] } });
    const afterSecond = await bag(session);
    expect(afterSecond.tempOrder.tempOrderItems).toHaveLength(1);
    expect(afterSecond.tempOrder.tempOrderItems[0]!.quantity).toBe(3);
    expect(afterSecond.tempOrder.totals.merchandise.cents).toBe(charm.price!.cents * 3);
    expect(afterSecond.tempOrder.itemCount).toBe(3);
  });

  it('counts the whole bag in its answer: products by quantity, not engraving charges or assembly', async () => {
    const session = await newSession();
    const tag = await firstProduct('/products/category/charm-tags');
    const bracelet = await firstProduct('/products/category/Charm-Bracelets');
    const charm = await firstProduct('/products/category/Dog-Charms');
    // The engraved tag brings a charge line (quantity 3) and the bracelet lets assembly in: neither is an item.
    expect(await add(session, { productId: tag.id, metalId: 40, quantity: 3, engraving: { text: 'Mia', font: 'block' } })).toMatchObject({ quantity: 3, itemCount: 3 });
    expect(await add(session, { productId: bracelet.id, metalId: 40, quantity: 1 })).toMatchObject({ quantity: 1, itemCount: 4 });
    await ok(await call(session, 'GET', '/shopping-cart/add/charm-assembly'));
    expect(await add(session, { productId: charm.id, metalId: 40, quantity: 2 })).toMatchObject({ quantity: 2, itemCount: 6 });
    expect((await bag(session)).tempOrder.itemCount).toBe(6);
  });

  it('engraves in sterling silver at $0.75 per character (spaces free), free in 14k gold', async () => {
    const session = await newSession();
    const tag = await firstProduct('/products/category/charm-tags');
    await add(session, { productId: tag.id, metalId: 40, quantity: 2, engraving: { text: 'Mia 2026', font: 'script' } });
    const silver = await bag(session);
    const [line, charge] = silver.tempOrder.tempOrderItems;
    expect(line!.itemSpecifics).toEqual([expect.objectContaining({ text: 'Mia 2026', font: 'script', fontName: 'Script' })]);
    expect(charge).toMatchObject({ isAdditionalCharacters: true, parentItemUuid: line!.itemUuid, quantity: 2, unitPrice: { cents: 525 }, lineTotal: { cents: 1050 } });
    expect(silver.tempOrder.totals.engraving.cents).toBe(1050);
    expect(silver.tempOrder.itemCount).toBe(2);

    const goldTag = await firstProduct('/products/category/charm-tags', 10);
    expect(await add(session, { productId: goldTag.id, metalId: 10, quantity: 1, engraving: { text: 'Love', font: 'block' } })).toMatchObject({ itemCount: 3 });
    const gold = await bag(session);
    const goldCharge = gold.tempOrder.tempOrderItems.find((item) => item.isAdditionalCharacters && item.unitPrice.cents === 0);
    expect(goldCharge?.description).toContain('free on 14k Gold');
    expect(gold.tempOrder.totals.engraving.cents).toBe(1050);
  });

  it.each([
    [{ productId: 999999, metalId: 40, quantity: 1 }, 'productId'],
    [{ productId: 'x', metalId: 40, quantity: 1 }, 'productId'],
    [{ metalId: 40, quantity: 1 }, 'productId'],
    [{ productId: 1001, metalId: 41, quantity: 1 }, 'metalId'],
    [{ productId: 1001, metalId: 40, quantity: 0 }, 'quantity'],
    [{ productId: 1001, metalId: 40, quantity: -2 }, 'quantity'],
    [{ productId: 1001, metalId: 40, quantity: 100 }, 'quantity'],
    [{ productId: 1001, metalId: 40, quantity: 1.5 }, 'quantity'],
    [{ productId: 1001, metalId: 40, quantity: 1, braceletSize: 7 }, 'braceletSize'],
    [{ productId: 1001, metalId: 40, quantity: 1, engraving: { text: 'Hi', font: 'block' } }, 'engraving.text'],
  ])('refuses %j naming %s, and changes nothing', async (body, field) => {
    const session = await newSession();
    const response = await call(session, 'POST', '/shopping-cart/items', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect((await bag(session)).tempOrder.tempOrderItems).toEqual([]);
  });

  it('refuses a metal the product is not made in, and bad engravings, with words a shopper understands', async () => {
    const session = await newSession();
    const notInWhiteGold = productListResponseSchema
      .parse((await t.app.inject('/api/products?path=/products/category/14k-white-gold/Animal-Charms&pageSize=96')).json())
      .products.find((product) => !product.available)!;
    const metal = await call(session, 'POST', '/shopping-cart/items', { productId: notInWhiteGold.id, metalId: 20, quantity: 1 });
    expect(errorOf(metal).message).toContain('is not made in 14k White Gold');
    const tag = await firstProduct('/products/category/charm-tags');
    for (const [engraving, text] of [
      [{ text: 'Elizabeth Anne', font: 'block' }, 'at most 10 characters'],
      [{ text: '', font: 'block' }, 'Enter the text'],
      [{ text: '<script>', font: 'block' }, 'simple punctuation'],
      [{ text: 'a\u0007b', font: 'block' }, 'engraving.text must not contain control characters'],
      [{ text: 'Анна', font: 'block' }, 'Latin letters only'],
      [{ text: 'Mia 💖', font: 'block' }, 'Emoji cannot be engraved'],
      [{ text: 'Mia', font: 'comic-sans' }, 'Choose one of the fonts'],
    ] as const) {
      const response = await call(session, 'POST', '/shopping-cart/items', { productId: tag.id, metalId: 40, quantity: 1, engraving });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toContain(text);
    }
    expect((await bag(session)).tempOrder.tempOrderItems).toEqual([]);
  });

  it('refuses engraving text over the limit with a 400 that names what will not fit, never cutting it to fit', async () => {
    const session = await newSession();
    const tag = await firstProduct('/products/category/charm-tags');
    const response = await call(session, 'POST', '/shopping-cart/items', { productId: tag.id, metalId: 40, quantity: 1, engraving: { text: 'Love you always', font: 'block' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toEqual([
      expect.objectContaining({ field: 'engraving.text', message: expect.stringContaining('5 characters too many: “lways” will not fit') }),
    ]);
    expect((await bag(session)).tempOrder.tempOrderItems).toEqual([]);
  });

  it('refuses a metal withdrawn a moment ago, before the catalog cache has heard of it', async () => {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Dog-Charms');
    await add(session, { productId: charm.id, metalId: 40, quantity: 1 });
    // Withdraw the charm in sterling silver without the change notification (as if it were still on its way):
    // the facts the add was checked against are now stale.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from product_prices where product_id = ${charm.id} and metal_id = 40`);
    });
    const again = await call(session, 'POST', '/shopping-cart/items', { productId: charm.id, metalId: 40, quantity: 1 });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toContain('is not made in Sterling Silver');
    const [line] = (await bag(session)).tempOrder.tempOrderItems;
    expect(line!.quantity).toBe(1);
  });

  it('keeps at most 99 of one item', async () => {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Cat-Charms');
    await add(session, { productId: charm.id, metalId: 40, quantity: 98 });
    const over = await call(session, 'POST', '/shopping-cart/items', { productId: charm.id, metalId: 40, quantity: 2 });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).message).toContain('at most 99');
    expect((await bag(session)).tempOrder.tempOrderItems[0]!.quantity).toBe(98);
  });

  it('holds at most 100 different items, and more of one already in it', async () => {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Cat-Charms');
    const tag = await firstProduct('/products/category/charm-tags');
    await add(session, { productId: charm.id, metalId: 40 });
    // Engraved items are each their own line.
    for (let index = 1; index < 100; index++) await add(session, { productId: tag.id, metalId: 40, engraving: { text: `No ${index}`, font: 'block' } });
    const full = await call(session, 'POST', '/shopping-cart/items', { productId: tag.id, metalId: 40, engraving: { text: 'One more', font: 'block' } });
    expect(full.statusCode).toBe(400);
    expect(errorOf(full)).toMatchObject({ code: 'BAG_FULL', message: expect.stringContaining('100 different items') });
    const other = productListResponseSchema.parse((await t.app.inject('/api/products?path=/products/category/Cat-Charms&metalId=40&pageSize=2')).json()).products[1]!;
    expect(errorOf(await call(session, 'POST', '/shopping-cart/items', { productId: other.id, metalId: 40 }))).toMatchObject({ code: 'BAG_FULL' });
    expect((await add(session, { productId: charm.id, metalId: 40, quantity: 2 })).quantity).toBe(3);
    const lines = (await bag(session)).tempOrder.tempOrderItems;
    expect(lines.filter((line) => !line.isAdditionalCharacters)).toHaveLength(100);
    expect(lines.filter((line) => line.isAdditionalCharacters)).toHaveLength(99);
  });
});

describe('changing the bag', () => {
  async function engravedBag() {
    const session = await newSession();
    const tag = await firstProduct('/products/category/charm-tags');
    await add(session, { productId: tag.id, metalId: 40, quantity: 1, engraving: { text: 'Noah', font: 'block' } });
    const added = await bag(session);
    return { session, line: added.tempOrder.tempOrderItems[0]!, charge: added.tempOrder.tempOrderItems[1]! };
  }

  it('changes a quantity, and the engraving charge follows', async () => {
    const { session, line } = await engravedBag();
    const changed = await ok(await call(session, 'GET', `/shopping-cart/items/${line.itemUuid}/quantity/3`));
    expect(changed.tempOrder.tempOrderItems.map((item) => item.quantity)).toEqual([3, 3]);
    expect(changed.tempOrder.totals.engraving.cents).toBe(3 * 4 * 75);
    // The charge's line says what it multiplies: characters, their price, and the items engraved.
    expect(changed.tempOrder.tempOrderItems[1]!.description).toBe('Engraving, 4 characters × $0.75 × 3');
    for (const bad of ['0', '100', '-1', 'two', '1.5']) {
      expect((await call(session, 'GET', `/shopping-cart/items/${line.itemUuid}/quantity/${bad}`)).statusCode).toBe(400);
    }
  });

  it('removes an engraving and its charge, or the whole line with its charge', async () => {
    const first = await engravedBag();
    const specific = first.line.itemSpecifics[0]!;
    const unengraved = await ok(await call(first.session, 'DELETE', `/shopping-cart/items/${first.line.itemUuid}/itemSpecifics/${specific.itemSpecificUuid}`));
    expect(unengraved.tempOrder.tempOrderItems).toHaveLength(1);
    expect(unengraved.tempOrder.tempOrderItems[0]!.itemSpecifics).toEqual([]);
    expect(unengraved.tempOrder.totals.engraving.cents).toBe(0);
    // The line that lost its engraving stays its own line; the same product added plain starts one, then grows it.
    const tag = unengraved.tempOrder.tempOrderItems[0]!.product!;
    const plain = { productId: tag.id, metalId: 40, quantity: 1 };
    await add(first.session, plain);
    await add(first.session, plain);
    const grown = await bag(first.session);
    expect(grown.tempOrder.tempOrderItems.map((item) => [item.itemUuid === first.line.itemUuid, item.quantity])).toEqual([
      [true, 1],
      [false, 2],
    ]);

    const second = await engravedBag();
    const removed = await ok(await call(second.session, 'DELETE', `/shopping-cart/items/${second.line.itemUuid}`));
    expect(removed.tempOrder.tempOrderItems).toEqual([]);
    expect(removed.dataLayers[0]).toMatchObject({ event: 'remove_from_cart' });
  });

  it('adds assembly once, for a bag with a bracelet and charms, and suggests it until then', async () => {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Heart-Charms');
    const noBracelet = await call(session, 'GET', '/shopping-cart/add/charm-assembly');
    expect(noBracelet.statusCode).toBe(400);
    expect(errorOf(noBracelet).code).toBe('ASSEMBLY_NEEDS_BRACELET');
    await add(session, { productId: charm.id, metalId: 40, quantity: 2 });
    const withCharms = await bag(session);
    expect(withCharms.suggestAddOnAssembly).toBe(false);
    expect(withCharms.suggestedItems[0]!.path).toContain('-bracelets/');
    // Then the best-selling charms listed in the charm's own (primary) category, in the session's metal, never
    // the charm in the bag.
    const detail = (await t.app.inject(`/api/products/detail?path=${encodeURIComponent(charm.path)}`)).json() as {
      product: { breadcrumbs: { path: string }[] };
    };
    const categorySlug = detail.product.breadcrumbs[1]!.path.split('/').at(-1)!;
    const bestSellers = productListResponseSchema.parse(
      (await t.app.inject(`/api/products?path=/products/category/${categorySlug}&metalId=40&pageSize=12&orderBy=BestSelling`)).json(),
    ).products;
    const charmSuggestions = withCharms.suggestedItems.slice(1);
    expect(charmSuggestions.map((item) => item.id)).toEqual(
      bestSellers.filter((listed) => listed.id !== charm.id && !listed.path.includes('-bracelets/')).slice(0, 3).map((listed) => listed.id),
    );
    const bracelet = await firstProduct('/products/category/Charm-Bracelets');
    await add(session, { productId: bracelet.id, metalId: 40, quantity: 1, braceletSize: 7.5 });
    const both = await bag(session);
    expect(both.suggestAddOnAssembly).toBe(true);
    expect(both.tempOrder.tempOrderItems.find((item) => item.product?.kind === 'bracelet')?.braceletSize).toBe(7.5);
    const assembled = await ok(await call(session, 'GET', '/shopping-cart/add/charm-assembly'));
    const again = await ok(await call(session, 'GET', '/shopping-cart/add/charm-assembly'));
    expect(again.tempOrder.tempOrderItems.filter((item) => item.isCharmAssembly)).toHaveLength(1);
    expect(assembled.tempOrder.totals.assembly).toEqual({ cents: 995, display: '$9.95' });
    expect(assembled.suggestAddOnAssembly).toBe(false);
    expect(assembled.tempOrder.itemCount).toBe(3);
    for (const suggestion of assembled.suggestedItems) {
      expect(assembled.tempOrder.tempOrderItems.some((item) => item.product?.id === suggestion.id)).toBe(false);
    }
  });

  it('drops assembly, and its charge, when the last bracelet is removed', async () => {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Heart-Charms');
    const bracelet = await firstProduct('/products/category/Charm-Bracelets');
    await add(session, { productId: charm.id, metalId: 40, quantity: 1 });
    await add(session, { productId: bracelet.id, metalId: 40, quantity: 1, braceletSize: 7.5 });
    await add(session, { productId: bracelet.id, metalId: 40, quantity: 1, braceletSize: 8 });
    const assembled = await ok(await call(session, 'GET', '/shopping-cart/add/charm-assembly'));
    const bracelets = assembled.tempOrder.tempOrderItems.filter((item) => item.product?.kind === 'bracelet');
    expect(bracelets).toHaveLength(2);
    // One bracelet left: assembly stays.
    const oneLeft = await ok(await call(session, 'DELETE', `/shopping-cart/items/${bracelets[0]!.itemUuid}`));
    expect(oneLeft.tempOrder.totals.assembly.cents).toBe(995);
    // No bracelet left: assembly goes, and the total no longer carries it.
    const none = await ok(await call(session, 'DELETE', `/shopping-cart/items/${bracelets[1]!.itemUuid}`));
    expect(none.tempOrder.tempOrderItems.map((item) => item.product?.id ?? null)).toEqual([charm.id]);
    expect(none.tempOrder.totals.assembly.cents).toBe(0);
    expect(none.tempOrder.totals.total.cents).toBe(none.tempOrder.totals.merchandise.cents + none.tempOrder.totals.shipping.cents);
  });

  it('empties the bag and drops the promo code', async () => {
    const { session } = await engravedBag();
    await ok(await call(session, 'GET', '/shopping-cart/add/promo-code/welcome10'));
    const empty = await ok(await call(session, 'GET', '/shopping-cart/empty?includeSuggestedItems=true'));
    expect(empty.tempOrder.tempOrderItems).toEqual([]);
    expect(empty.tempOrder.promoCode).toBeNull();
  });
});

describe('promo codes', () => {
  async function bagWorth(cents: number) {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Number-Charms');
    const quantity = Math.max(1, Math.floor(cents / charm.price!.cents));
    await add(session, { productId: charm.id, metalId: 40, quantity });
    return { session, merchandise: quantity * charm.price!.cents };
  }

  it('WELCOME10 takes 10% off merchandise, case-insensitively', async () => {
    const { session, merchandise } = await bagWorth(4000);
    const applied = await ok(await call(session, 'GET', '/shopping-cart/add/promo-code/%20welcome10%20'));
    expect(applied.tempOrder.promoCode).toMatchObject({ code: 'WELCOME10', applied: true, message: null });
    expect(applied.tempOrder.totals.discount.cents).toBe(Math.round(merchandise / 10));
    expect(applied.tempOrder.totals.total.cents).toBe(merchandise - Math.round(merchandise / 10));
  });

  it('SAVE5 needs $50.00 and says how much more to add; a new code replaces the old', async () => {
    const { session, merchandise } = await bagWorth(3000);
    const short = await call(session, 'GET', '/shopping-cart/add/promo-code/SAVE5');
    expect(short.statusCode).toBe(400);
    expect(errorOf(short)).toMatchObject({ code: 'PROMO_CODE_MINIMUM', details: { shortByCents: 5000 - merchandise } });
    expect(errorOf(short).message).toMatch(/add \$\d+\.\d\d more/);
    await ok(await call(session, 'GET', '/shopping-cart/add/promo-code/WELCOME10'));
    const rich = await bagWorth(6000);
    await ok(await call(rich.session, 'GET', '/shopping-cart/add/promo-code/WELCOME10'));
    const replaced = await ok(await call(rich.session, 'GET', '/shopping-cart/add/promo-code/save5'));
    expect(replaced.tempOrder.promoCode?.code).toBe('SAVE5');
    expect(replaced.tempOrder.totals.discount.cents).toBe(500);
  });

  it('an expired and an unknown code get the same message, and the bag keeps its code', async () => {
    const { session } = await bagWorth(2000);
    await ok(await call(session, 'GET', '/shopping-cart/add/promo-code/WELCOME10'));
    const expired = await call(session, 'GET', '/shopping-cart/add/promo-code/SUMMER2020');
    const unknown = await call(session, 'GET', '/shopping-cart/add/promo-code/NOPE123');
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toEqual(errorOf(unknown));
    expect((await bag(session)).tempOrder.promoCode?.code).toBe('WELCOME10');
  });

  it('keeps a code whose minimum is no longer met, without its discount, and says why', async () => {
    const { session } = await bagWorth(6000);
    await ok(await call(session, 'GET', '/shopping-cart/add/promo-code/SAVE5'));
    const line = (await bag(session)).tempOrder.tempOrderItems[0]!;
    const smaller = await ok(await call(session, 'GET', `/shopping-cart/items/${line.itemUuid}/quantity/1`));
    expect(smaller.tempOrder.promoCode).toMatchObject({ code: 'SAVE5', applied: false });
    expect(smaller.tempOrder.promoCode!.message).toContain('add $');
    expect(smaller.tempOrder.totals.discount.cents).toBe(0);
  });

  it('reads a dated, limited code back with the bag: applied while it runs, not once it ends or is used up', async () => {
    const { session, merchandise } = await bagWorth(3000);
    const code = `DATED${Date.now()}`;
    await t.database.db.execute(
      sql`insert into promotions (code, description, kind, value, starts_at, ends_at, max_uses, max_uses_per_session)
          values (${code}, '20% off this week', 'percent', 20, now() - interval '1 day', now() + interval '1 day', 5, 1)`,
    );
    const applied = await ok(await call(session, 'GET', `/shopping-cart/add/promo-code/${code}`));
    expect(applied.tempOrder.promoCode).toMatchObject({ code, description: '20% off this week', applied: true });
    expect(applied.tempOrder.totals.discount.cents).toBe(Math.round(merchandise / 5));

    await t.database.db.execute(sql`update promotions set times_used = 5 where code = ${code}`);
    expect((await bag(session)).tempOrder.promoCode).toMatchObject({ applied: false, message: `${code} has been fully redeemed.` });
    await t.database.db.execute(sql`update promotions set times_used = 0, ends_at = now() - interval '1 minute' where code = ${code}`);
    const ended = await bag(session);
    expect(ended.tempOrder.promoCode).toMatchObject({ code, applied: false });
    expect(ended.tempOrder.totals.discount.cents).toBe(0);
  });

  it('slows a guesser: after 10 wrong codes the session gets 429 with Retry-After', async () => {
    const { session } = await bagWorth(2000);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await call(session, 'GET', `/shopping-cart/add/promo-code/GUESS${attempt}`)).statusCode).toBe(400);
    }
    const limited = await call(session, 'GET', '/shopping-cart/add/promo-code/WELCOME10');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another shopper is not slowed by it.
    const other = await bagWorth(2000);
    expect((await call(other.session, 'GET', '/shopping-cart/add/promo-code/WELCOME10')).statusCode).toBe(200);
  });
});

describe('shipping', () => {
  it('lists the four types to Texas with prices and delivery dates', async () => {
    const session = await newSession();
    const response = await call(session, 'GET', '/shopping-cart/shipping-types?shipToStateProvince=TX&orderAmount=42.50');
    expect(response.statusCode).toBe(200);
    const body = shippingTypesResponseSchema.parse(response.json());
    expect(body.shippingTypes.map((type) => [type.id, type.price.display])).toEqual([
      ['ground', '$0.00'],
      ['two-day', '$14.75'],
      ['next-day', '$24.95'],
      ['saturday', '$39.75'],
    ]);
    for (const type of body.shippingTypes) expect(type.deliveryDate.earliest >= type.shipDate).toBe(true);
  });

  it('explains Alaska (and Canada through it), and refuses unknown states', async () => {
    const session = await newSession();
    const alaska = shippingTypesResponseSchema.parse((await call(session, 'GET', '/shopping-cart/shipping-types?shipToStateProvince=ak')).json());
    expect(alaska.shippingTypes.map((type) => type.id)).toEqual(['ground', 'two-day']);
    expect(alaska.notes.join(' ')).toContain('Canada');
    for (const bad of ['ZZ', 'Texas', '', '<b>']) {
      const response = await call(session, 'GET', `/shopping-cart/shipping-types?shipToStateProvince=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
    }
    expect((await call(session, 'GET', '/shopping-cart/shipping-types?shipToStateProvince=TX&orderAmount=abc')).statusCode).toBe(400);
  });

  it('saves state, shipping type, comments and email, and charges the chosen shipping', async () => {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Cat-Charms');
    await add(session, { productId: charm.id, metalId: 40, quantity: 1 });
    const saved = await ok(await call(session, 'POST', '/shopping-cart/save', { shipToStateProvince: 'TX', shippingTypeId: 'two-day', orderComments: ' Gift wrap please ', email: 'ann@example.com' }));
    expect(saved.tempOrder).toMatchObject({ shipToStateProvince: 'TX', shippingTypeId: 'two-day', orderComments: 'Gift wrap please', email: 'ann@example.com' });
    expect(saved.tempOrder.totals.shipping.cents).toBe(1475);
    expect(saved.tempOrder.totals.total.cents).toBe(charm.price!.cents + 1475);
    const refused = await call(session, 'POST', '/shopping-cart/save', { shipToStateProvince: 'PR', shippingTypeId: 'saturday' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).details).toEqual([expect.objectContaining({ field: 'shippingTypeId' })]);
    expect((await call(session, 'POST', '/shopping-cart/save', { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await bag(session)).tempOrder.shippingTypeId).toBe('two-day');
  });
});

describe('one shopper can never reach another shopper’s bag', () => {
  it('answers 404 and changes nothing for lines and engravings of another session', async () => {
    const owner = await newSession();
    const thief = await newSession();
    const tag = await firstProduct('/products/category/charm-tags');
    await add(owner, { productId: tag.id, metalId: 40, quantity: 1, engraving: { text: 'Ava', font: 'block' } });
    const added = await bag(owner);
    const line = added.tempOrder.tempOrderItems[0]!;
    await add(thief, { productId: tag.id, metalId: 40, quantity: 1 });
    for (const [method, url] of [
      ['GET', `/shopping-cart/items/${line.itemUuid}/quantity/5`],
      ['DELETE', `/shopping-cart/items/${line.itemUuid}`],
      ['DELETE', `/shopping-cart/items/${line.itemUuid}/itemSpecifics/${line.itemSpecifics[0]!.itemSpecificUuid}`],
    ] as const) {
      const response = await call(thief, method, url);
      expect(response.statusCode).toBe(404);
    }
    expect((await bag(owner)).tempOrder.tempOrderItems).toEqual(added.tempOrder.tempOrderItems);
  });
});

describe('concurrency', () => {
  it('20 parallel adds of one product make quantity 20', async () => {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Bird-Charms');
    const responses = await Promise.all(Array.from({ length: 20 }, () => call(session, 'POST', '/shopping-cart/items', { productId: charm.id, metalId: 40, quantity: 1 })));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    // Each add waited for the one before it on the line: each saw a different quantity.
    const quantities = responses.map((response) => addItemResponseSchema.parse(response.json()).quantity).sort((a, b) => a - b);
    expect(quantities).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const final = await bag(session);
    expect(final.tempOrder.tempOrderItems).toHaveLength(1);
    expect(final.tempOrder.tempOrderItems[0]!.quantity).toBe(20);
  });

  it('parallel promo applications leave one code', async () => {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Bird-Charms');
    await add(session, { productId: charm.id, metalId: 40, quantity: 3 });
    await Promise.all(['WELCOME10', 'SAVE5', 'welcome10', 'SAVE5'].map((code) => call(session, 'GET', `/shopping-cart/add/promo-code/${code}`)));
    const final = await bag(session);
    expect(['WELCOME10', 'SAVE5']).toContain(final.tempOrder.promoCode?.code);
  });
});

describe('the bag survives a restart', () => {
  it('is read back by a new app on the same database', async () => {
    const session = await newSession();
    const charm = await firstProduct('/products/category/Cat-Charms');
    await add(session, { productId: charm.id, metalId: 40, quantity: 2 });
    const { buildApp } = await import('../src/app');
    const { loadConfig } = await import('../src/config');
    const second = await buildApp({ config: loadConfig({}), logger: false, database: { ...t.database, close: async () => {} } });
    const again = bagResponseSchema.parse((await second.inject({ method: 'GET', url: '/api/shopping-cart', headers: { userSessionId: session } })).json());
    expect(again.tempOrder.tempOrderItems[0]!.quantity).toBe(2);
    await second.close();
  });
});
