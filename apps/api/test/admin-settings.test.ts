import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AdminSettings, adminSettingsSchema } from '@charms/contracts/admin-settings';
import { bagResponseSchema, shippingTypesResponseSchema } from '@charms/contracts/bag';
import { productListResponseSchema } from '@charms/contracts/catalog';
import { completeOrderResponseSchema, orderResponseSchema } from '@charms/contracts/checkout';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/query';
import { errorOf, shopperApi, staffApi, useTestApp } from './helper';
import { TODAY_SETTINGS } from './settings-support';

const t = useTestApp();
type Staff = Awaited<ReturnType<typeof staffApi>>;
let owner: Staff;
let clerk: Staff;

beforeAll(async () => {
  owner = await staffApi(t, { name: 'Olive Owner' });
  clerk = await staffApi(t, { role: 'staff', name: 'Carl Clerk' });
});

const form = (overrides: Record<string, unknown> = {}) => ({ ...TODAY_SETTINGS, ...overrides });

function settingsOf(response: { statusCode: number; body: string; json: () => unknown }): AdminSettings {
  expect(response.statusCode, response.body).toBe(200);
  return adminSettingsSchema.parse(response.json());
}
const save = async (overrides: Record<string, unknown> = {}) => settingsOf(await owner.call('PUT', '/admin-settings', form(overrides)));

const snapshot = async () => ({
  settings: await queryRows(t.database.db, sql`select * from store_settings`),
  audit: await queryRows(t.database.db, sql`select id from admin_audit order by id`),
});

// Every test starts from today's values (a test that changes them puts them back).
afterEach(async () => {
  await save();
});

const { newSession, call } = shopperApi(t);
async function bagWithCharm() {
  const listed = productListResponseSchema.parse((await t.app.inject('/api/products?path=/products/category/charm-tags&metalId=40&pageSize=1')).json());
  const session = await newSession();
  const added = await call(session, 'POST', '/shopping-cart/items', { productId: listed.products[0]!.id, metalId: 40, quantity: 1 });
  expect(added.statusCode, added.body).toBe(200);
  const saved = await call(session, 'POST', '/shopping-cart/save', { shipToStateProvince: 'TX', shippingTypeId: 'two-day' });
  expect(saved.statusCode, saved.body).toBe(200);
  return session;
}
const bagOf = async (session: string) => bagResponseSchema.parse((await call(session, 'GET', '/shopping-cart?includeSuggestedItems=false')).json()).tempOrder;
const twoDayPrice = async (session: string) =>
  shippingTypesResponseSchema.parse((await call(session, 'GET', '/shopping-cart/shipping-types?shipToStateProvince=TX')).json()).shippingTypes.find((type) => type.id === 'two-day')!.price.cents;

describe('reading the settings', () => {
  it('shows every staff member the values the store started with', async () => {
    const read = settingsOf(await clerk.call('GET', '/admin-settings'));
    expect(read.settings).toMatchObject({
      storeName: 'Charm & Bracelet Co.',
      shippingPrices: { ground: 0, 'two-day': 1475, 'next-day': 2495, saturday: 3975 },
      engraving: { centsPerCharacter: 75, freeMetalIds: [10, 20, 30] },
      assemblyFeeCents: 995,
      sameDayCutoff: '12:00',
      timeZone: 'America/Chicago',
      closureDays: [],
      social: { facebook: null, pinterest: null, twitter: null },
    });
    expect(read.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is for staff only', async () => {
    expect((await t.app.inject('/api/admin-settings')).statusCode).toBe(401);
  });
});

describe('changing the settings', () => {
  it('is for owners: staff get 403 and nothing changes', async () => {
    const before = await snapshot();
    const refused = await clerk.call('PUT', '/admin-settings', form({ shippingTwoDay: '16.00' }));
    expect(refused.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('saves every field and records who changed what, before and after, shown with the settings', async () => {
    const saved = await save({
      storeName: ' Charm Co. ',
      phone: '1-800-555-0199',
      contactEmail: 'hello@charmco.example',
      ordersEmail: 'orders@charmco.example',
      facebookUrl: 'https://www.facebook.com/charmco',
      shippingTwoDay: '16',
      engravingPerCharacter: '1.00',
      engravingFreeMetalIds: '10',
      assemblyFee: '12.50',
      sameDayCutoff: '14:30',
      timeZone: 'America/New_York',
      closureDays: '2099-12-31\n2099-12-24',
    });
    expect(saved.settings).toMatchObject({
      storeName: 'Charm Co.',
      social: { facebook: 'https://www.facebook.com/charmco', pinterest: null, twitter: null },
      shippingPrices: { ground: 0, 'two-day': 1600, 'next-day': 2495, saturday: 3975 },
      engraving: { centsPerCharacter: 100, freeMetalIds: [10] },
      assemblyFeeCents: 1250,
      sameDayCutoff: '14:30',
      timeZone: 'America/New_York',
      closureDays: ['2099-12-24', '2099-12-31'],
    });
    const [change] = saved.history;
    expect(change).toMatchObject({ actor: 'Olive Owner', action: 'updated' });
    expect(change!.changes).toMatchObject({
      storeName: { before: 'Charm & Bracelet Co.', after: 'Charm Co.' },
      twoDayShippingCents: { before: 1475, after: 1600 },
      engravingFreeMetalIds: { before: [10, 20, 30], after: [10] },
      closureDays: { before: [], after: ['2099-12-24', '2099-12-31'] },
    });
    expect(change!.changes).not.toHaveProperty('groundShippingCents');
    expect(settingsOf(await clerk.call('GET', '/admin-settings')).history[0]!.id).toBe(change!.id);
  });

  it('refuses each bad field with a message for it, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ storeName: '  ' }, 'storeName', /is required/],
      [{ phone: 'call us' }, 'phone', /phone number/],
      [{ contactEmail: 'not-an-email' }, 'contactEmail', /email address/],
      [{ ordersEmail: '' }, 'ordersEmail', /email address/],
      [{ photoArtEmail: 'a@' }, 'photoArtEmail', /email address/],
      [{ facebookUrl: 'http://www.facebook.com/charmco' }, 'facebookUrl', /https:\/\//],
      [{ pinterestUrl: 'javascript:alert(1)' }, 'pinterestUrl', /https:\/\//],
      [{ twitterUrl: 'twitter.com/charmco' }, 'twitterUrl', /https:\/\//],
      [{ shippingGround: '-1' }, 'shippingGround', /negative/],
      [{ shippingTwoDay: '14.755' }, 'shippingTwoDay', /two decimals/],
      [{ shippingNextDay: 'ten' }, 'shippingNextDay', /amount in dollars/],
      [{ shippingSaturday: '100000.01' }, 'shippingSaturday', /at most/],
      [{ engravingPerCharacter: '0' }, 'engravingPerCharacter', /more than \$0\.00/],
      [{ engravingFreeMetalIds: ['10', '99'] }, 'engravingFreeMetalIds', /unknown metal: 99/],
      [{ assemblyFee: '0.00' }, 'assemblyFee', /more than \$0\.00/],
      [{ sameDayCutoff: '12' }, 'sameDayCutoff', /HH:MM/],
      [{ sameDayCutoff: '24:00' }, 'sameDayCutoff', /HH:MM/],
      [{ timeZone: 'CST' }, 'timeZone', /time zone/],
      [{ timeZone: 'America/Atlantis' }, 'timeZone', /time zone/],
      [{ closureDays: '2099-02-30' }, 'closureDays', /not a date/],
      [{ closureDays: '2099-12-24 2099-12-24' }, 'closureDays', /listed twice/],
      [{ closureDays: '2020-01-02' }, 'closureDays', /already past/],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await owner.call('PUT', '/admin-settings', form(overrides));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const fields = errorOf(response).details as { field: string; message: string }[];
      expect(fields.find((error) => error.field === field)?.message, field).toMatch(message);
    }
    // Every field missing at once: each one named.
    const empty = await owner.call('PUT', '/admin-settings', {});
    expect(empty.statusCode).toBe(400);
    const named = (errorOf(empty).details as { field: string }[]).map((error) => error.field);
    expect(named).toEqual(expect.arrayContaining(['storeName', 'phone', 'contactEmail', 'shippingTwoDay', 'engravingPerCharacter', 'assemblyFee', 'sameDayCutoff', 'timeZone']));
    expect(await snapshot()).toEqual(before);
  });
});

describe('what shoppers see', () => {
  it("changes a bag's shipping options and totals at once, and the product page's engraving price", async () => {
    const session = await bagWithCharm();
    const before = await bagOf(session);
    expect(before.totals.shipping.cents).toBe(1475);
    await save({ shippingTwoDay: '19.50', engravingPerCharacter: '1.25' });
    await expect.poll(() => twoDayPrice(session), { timeout: 5000 }).toBe(1950);
    const after = await bagOf(session);
    expect(after.totals.shipping.cents).toBe(1950);
    expect(after.totals.total.cents).toBe(before.totals.total.cents + 1950 - 1475);
  });

  it('never reprices a placed order: its totals and confirmation stay as they were', async () => {
    const session = await bagWithCharm();
    const placed = completeOrderResponseSchema.parse(
      (
        await call(session, 'POST', '/shopping-cart/complete-order', {
          paymentMethodNonce: 'fake-valid-visa-nonce',
          idempotencyKey: randomUUID(),
          customer: { email: 'settings-shopper@example.com', phone: '512-555-0142' },
          shippingAddress: { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' },
          shippingTypeId: 'two-day',
        })
      ).json(),
    ).order;
    expect(placed.totals.shipping.cents).toBe(1475);
    const [email] = await queryRows<{ text: string }>(t.database.db, sql`select text from email_outbox where "to" = 'settings-shopper@example.com'`);
    await save({ shippingTwoDay: '30.00' });
    await expect.poll(async () => twoDayPrice(await bagWithCharm()), { timeout: 5000 }).toBe(3000);
    const confirmation = orderResponseSchema.parse((await t.app.inject(`/api${placed.signedPath.replace('/order/confirmation/', '/orders/')}`)).json()).order;
    expect(confirmation.totals).toEqual(placed.totals);
    const [emailAfter] = await queryRows<{ text: string }>(t.database.db, sql`select text from email_outbox where "to" = 'settings-shopper@example.com'`);
    expect(emailAfter!.text).toBe(email!.text);
    expect(emailAfter!.text).toContain('$14.75');
  });
});

describe('two instances of the shop on one database', () => {
  // Each instance keeps its own copy of the settings and drops it on PostgreSQL's NOTIFY. PGlite is one process with
  // one connection: a second instance cannot open it, so this runs on a PostgreSQL server only (TEST_DATABASE_URL).
  it.runIf(process.env.TEST_DATABASE_URL)('an owner changes the 2-3 day price through one; the other answers the new price', async () => {
    const location = t.location;
    if (!('url' in location) || !location.url) throw new Error('expected a PostgreSQL database');
    const other = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'charms-test-b-')) }),
      database: await openDatabase({ url: location.url }),
      logger: false,
    });
    try {
      const shopperOnB = shopperApi({ app: other });
      const listed = productListResponseSchema.parse((await other.inject('/api/products?path=/products/category/charm-tags&metalId=40&pageSize=1')).json());
      const session = await shopperOnB.newSession();
      expect((await shopperOnB.call(session, 'POST', '/shopping-cart/items', { productId: listed.products[0]!.id, metalId: 40, quantity: 1 })).statusCode).toBe(200);
      const twoDayOnB = async () =>
        shippingTypesResponseSchema.parse((await shopperOnB.call(session, 'GET', '/shopping-cart/shipping-types?shipToStateProvince=TX')).json()).shippingTypes.find((type) => type.id === 'two-day')!.price.cents;
      // B has served (and cached) today's price.
      expect(await twoDayOnB()).toBe(1475);

      await save({ shippingTwoDay: '19.25' }); // through instance A

      await expect.poll(twoDayOnB, { timeout: 10_000 }).toBe(1925);
    } finally {
      await other.close();
    }
  });
});
