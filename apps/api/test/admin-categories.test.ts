import { randomBytes } from 'node:crypto';
import { type AdminCategory, type AdminCategoryDetail, adminCategoryDetailSchema, adminCategoryListSchema } from '@charms/contracts/admin-categories';
import { productDetailResponseSchema, productListResponseSchema } from '@charms/contracts/catalog';
import { categoriesResponseSchema } from '@charms/contracts/categories';
import { menuResponseSchema } from '@charms/contracts/menu';
import { sitemapResponseSchema } from '@charms/contracts/sitemap';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { errorOf, staffApi, useTestApp } from './helper';

const t = useTestApp();
type Staff = Awaited<ReturnType<typeof staffApi>>;
let clerk: Staff;

beforeAll(async () => {
  clerk = await staffApi(t, { role: 'staff', name: 'Carl Clerk' });
});

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;

function detailOf(response: { statusCode: number; body: string; json: () => unknown }, status = 200): AdminCategoryDetail {
  expect(response.statusCode, response.body).toBe(status);
  return adminCategoryDetailSchema.parse(response.json());
}
const create = async (body: Record<string, unknown>) => detailOf(await clerk.call('POST', '/admin-categories', body), 201);
const update = async (id: number, body: Record<string, unknown>) => detailOf(await clerk.call('PATCH', `/admin-categories/${id}`, body));
const read = async (id: number) => detailOf(await clerk.call('GET', `/admin-categories/${id}`));
const list = async (): Promise<AdminCategory[]> => adminCategoryListSchema.parse((await clerk.call('GET', '/admin-categories')).json()).categories;
const bySlug = async (slug: string) => (await list()).find((category) => category.slug === slug)!;

/** The storefront's answers, as shoppers' pages ask for them. */
const storefront = {
  categories: async () => categoriesResponseSchema.parse((await t.app.inject('/api/categories')).json()).categories,
  menuCategories: async () => menuResponseSchema.parse((await t.app.inject('/api/menu')).json()).menuItems.find((item) => item.link === '/categories')!.children,
  moved: (slug: string) => t.app.inject(`/api/categories/moved?slug=${encodeURIComponent(slug)}`),
  listing: async (path: string) => {
    const response = await t.app.inject(`/api/products?path=${encodeURIComponent(path)}&metalId=40&pageSize=1`);
    return response.statusCode === 200 ? productListResponseSchema.parse(response.json()) : response.statusCode;
  },
  product: async (path: string) => productDetailResponseSchema.parse((await t.app.inject(`/api/products/detail?path=${encodeURIComponent(path)}&metalId=40`)).json()),
  sitemap: async () => sitemapResponseSchema.parse((await t.app.inject('/api/sitemap')).json()).entries.map((entry) => entry.path),
};

/** Everything a refused call could have changed. */
const snapshot = async () => ({
  categories: await queryRows(t.database.db, sql`select * from categories order by id`),
  history: await queryRows(t.database.db, sql`select slug, category_id from category_slug_history order by slug`),
  audit: await queryRows(t.database.db, sql`select id from admin_audit order by id`),
});

describe('the categories list', () => {
  it('lists every category in menu order with its product count, as any staff member sees it', async () => {
    const categories = await list();
    expect(categories.length).toBeGreaterThanOrEqual(44);
    expect(categories.map((category) => category.position)).toEqual(categories.map((_, index) => index + 1));
    expect(categories.map((category) => category.slug)).toEqual((await storefront.categories()).map((category) => category.urlFriendlyName));
    expect((await bySlug('Dog-Charms')).productCount).toBeGreaterThan(0);
  });
});

describe('creating a category', () => {
  it('makes its slug from the name, places it last in the menu, and records who created it', async () => {
    const name = `Robot ${randomBytes(2).toString('hex')} Charms`;
    const created = await create({ name: `  ${name} `, description: 'Beep.\n\nBoop.', menuImage: '14k-gold/star' });
    expect(created).toMatchObject({ name, slug: name.replaceAll(' ', '-'), description: 'Beep.\n\nBoop.', menuImage: '14k-gold/star', productCount: 0 });
    expect(created.position).toBe((await list()).length);
    expect(created.history).toEqual([expect.objectContaining({ actor: 'Carl Clerk', action: 'created', changes: expect.objectContaining({ name: { before: null, after: name } }) })]);
    await expect.poll(async () => (await storefront.menuCategories()).at(-1)).toEqual({ name, link: `/categories/${created.slug}`, imageName: '14k-gold/star' });
  });

  it('refuses bad input with 400 naming the field, a taken slug (any case) with 409, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '' }, 'name', /required/],
      [{ name: '   ' }, 'name', /required/],
      [{ name: 'x'.repeat(81) }, 'name', /at most 80/],
      [{ name: 'Ok', slug: 'has space' }, 'slug', /letters, digits and single hyphens/],
      [{ name: 'Ok', slug: 'a/b' }, 'slug', /letters, digits and single hyphens/],
      [{ name: 'Ok', slug: 'search' }, 'slug', /another page/],
      [{ name: '!!!' }, 'slug', /no letters or digits/],
      [{ name: 'Ok', description: 'x'.repeat(2001) }, 'description', /at most 2000/],
      [{ name: 'Ok', menuImage: 'gold/dragon' }, 'menuImage', /drawn pictures/],
      [{ name: 'Ok', menuImage: 'menu-gold-charms' }, 'menuImage', /drawn pictures/],
      [{ name: 'Ok', position: 3 }, 'position', /./],
      [{ name: 'Bad\u0000name' }, 'name', /NUL/],
    ];
    for (const [body, field, message] of cases) {
      const response = await clerk.call('POST', '/admin-categories', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(response);
      const details = (error.details ?? []) as { field: string; message: string }[];
      expect(details.some((detail) => detail.field === field && message.test(detail.message)) || (field === 'position' && /position/.test(error.message)), `${JSON.stringify(body)}: ${error.message}`).toBe(true);
    }
    const taken = await clerk.call('POST', '/admin-categories', { name: 'Dogs Again', slug: 'dog-charms' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'CATEGORY_SLUG_TAKEN', message: expect.stringMatching(/Dog Charms already uses the slug dog-charms/) });
    expect((await clerk.call('POST', '/admin-categories', { name: 'Dog Charms' })).statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });
});

describe('renaming a category', () => {
  it('keeps its old URLs: the old slug (any case) leads to the new one, products redirect, the sitemap and menu use the new slug', async () => {
    const dog = await bySlug('Dog-Charms');
    const listed = await storefront.listing('/products/category/Dog-Charms');
    if (typeof listed === 'number') throw new Error(`Dog-Charms listing answered ${listed}`);
    const product = listed.products[0]!;
    // Product paths carry the category's slug in lower case.
    expect(product.path).toContain('/products/dog-charms/');

    const renamed = await update(dog.id, { name: 'Dog & Puppy Charms', slug: 'Dog-and-Puppy-Charms' });
    expect(renamed).toMatchObject({ name: 'Dog & Puppy Charms', slug: 'Dog-and-Puppy-Charms', oldSlugs: ['Dog-Charms'] });
    expect(renamed.history[0]).toMatchObject({ actor: 'Carl Clerk', action: 'updated', changes: { name: { before: 'Dog Charms', after: 'Dog & Puppy Charms' }, slug: { before: 'Dog-Charms', after: 'Dog-and-Puppy-Charms' } } });

    for (const old of ['Dog-Charms', 'dog-charms']) {
      const moved = await storefront.moved(old);
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ urlFriendlyName: 'Dog-and-Puppy-Charms' });
    }
    expect((await storefront.moved('Never-A-Category')).statusCode).toBe(404);
    await expect.poll(() => storefront.listing('/products/category/Dog-Charms')).toBe(404);
    await expect.poll(async () => ((await storefront.listing('/categories/Dog-and-Puppy-Charms')) as { listing: { heading: string } }).listing.heading).toBe('Dog & Puppy Charms');
    const newPath = product.path.replace('/products/dog-charms/', '/products/dog-and-puppy-charms/');
    await expect.poll(() => storefront.product(product.path)).toEqual({ kind: 'redirect', redirectTo: newPath });
    await expect.poll(async () => (await storefront.menuCategories()).find((child) => child.link === '/categories/Dog-and-Puppy-Charms')?.name).toBe('Dog & Puppy Charms');
    const sitemap = await storefront.sitemap();
    expect(sitemap).toContain('/products/category/Dog-and-Puppy-Charms');
    expect(sitemap.some((path) => path.includes('/Dog-Charms'))).toBe(false);
  });

  it('after two renames (A → B → C), A and B both lead to C; it can take back its own old slug', async () => {
    const a = unique('Alpha');
    const b = unique('Beta');
    const c = unique('Gamma');
    const category = await create({ name: 'Three Names', slug: a });
    await update(category.id, { slug: b });
    const renamed = await update(category.id, { slug: c });
    expect(renamed.oldSlugs.toSorted()).toEqual([a, b].toSorted());
    for (const old of [a, b]) expect((await storefront.moved(old)).json()).toEqual({ urlFriendlyName: c });

    const back = await update(category.id, { slug: a });
    expect(back.oldSlugs.toSorted()).toEqual([b, c].toSorted());
    for (const old of [b, c]) expect((await storefront.moved(old)).json()).toEqual({ urlFriendlyName: a });
    expect((await storefront.moved(a)).statusCode).toBe(404);
  });

  it("refuses another category's current slug with 409; takes another's old slug, whose links then show the new owner", async () => {
    const first = await create({ name: unique('First') });
    const second = await create({ name: unique('Second') });
    const before = await snapshot();
    const taken = await clerk.call('PATCH', `/admin-categories/${second.id}`, { slug: first.slug.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);

    const oldSlug = first.slug;
    await update(first.id, { slug: unique('Renamed') });
    const claimed = await update(second.id, { slug: oldSlug });
    expect(claimed.slug).toBe(oldSlug);
    expect((await storefront.moved(oldSlug)).statusCode).toBe(404);
    const firstNow = await read(first.id);
    expect(firstNow.oldSlugs).toEqual([]);
    expect(firstNow.history[0]).toMatchObject({ action: 'old slug taken', changes: { oldSlug: { before: oldSlug, after: null } } });
  });

  it('describes it and chooses its picture; the category page and /categories show them', async () => {
    const category = await bySlug('Cat-Charms');
    const described = await update(category.id, { description: '  Cats, kittens and paw prints.\n\nIn every metal.  ', menuImage: 'gold-plate/cat' });
    expect(described).toMatchObject({ description: 'Cats, kittens and paw prints.\n\nIn every metal.', menuImage: 'gold-plate/cat' });
    expect(described.history[0]!.changes).toEqual({
      description: { before: '', after: 'Cats, kittens and paw prints.\n\nIn every metal.' },
      menuImage: { before: null, after: 'gold-plate/cat' },
    });
    await expect.poll(async () => ((await storefront.listing('/categories/Cat-Charms')) as { listing: { description: string } }).listing.description).toBe('Cats, kittens and paw prints.\n\nIn every metal.');
    await expect.poll(async () => (await storefront.categories()).find((one) => one.urlFriendlyName === 'Cat-Charms')?.menuImage).toBe('gold-plate/cat');

    const cleared = await update(category.id, { menuImage: '' });
    expect(cleared.menuImage).toBeNull();
  });

  it('refuses an empty change, an empty slug and an unknown category, and changes nothing', async () => {
    const category = await bySlug('Bird-Charms');
    const before = await snapshot();
    expect((await clerk.call('PATCH', `/admin-categories/${category.id}`, {})).statusCode).toBe(400);
    const empty = await clerk.call('PATCH', `/admin-categories/${category.id}`, { slug: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).details).toEqual([expect.objectContaining({ field: 'slug', message: 'is required' })]);
    expect((await clerk.call('PATCH', `/admin-categories/${category.id}`, { name: '' })).statusCode).toBe(400);
    expect((await clerk.call('PATCH', '/admin-categories/999999', { name: 'Ghost' })).statusCode).toBe(404);
    expect((await clerk.call('PATCH', `/admin-categories/${category.id}`, { name: 'Birds' }, { csrf: false })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('records nothing when a save changes nothing', async () => {
    const category = await bySlug('Bird-Charms');
    const before = (await read(category.id)).history.length;
    await update(category.id, { name: category.name, slug: category.slug });
    expect((await read(category.id)).history).toHaveLength(before);
  });
});

describe('ordering the menu', () => {
  it('moves one category up and down; the menu and /categories follow at once; each move is audited', async () => {
    const [first, second] = await list();
    const moved = adminCategoryListSchema.parse((await clerk.call('POST', '/admin-categories/order', { id: second!.id, move: 'up' })).json()).categories;
    expect(moved.slice(0, 2).map((category) => category.id)).toEqual([second!.id, first!.id]);
    await expect.poll(async () => (await storefront.categories()).slice(0, 2).map((category) => category.urlFriendlyName)).toEqual([second!.slug, first!.slug]);
    await expect.poll(async () => (await storefront.menuCategories()).slice(0, 2).map((child) => child.name)).toEqual([second!.name, first!.name]);
    expect((await read(second!.id)).history[0]).toMatchObject({ action: 'moved', changes: { position: { before: 2, after: 1 } } });
    expect((await read(first!.id)).history[0]).toMatchObject({ action: 'moved', changes: { position: { before: 1, after: 2 } } });

    // To the bottom in one move: the others each shift up one place, and only the moved category's trail says so.
    const all = await list();
    const bystander = all[2]!;
    const bystanderHistory = (await read(bystander.id)).history.length;
    const bottom = adminCategoryListSchema.parse((await clerk.call('POST', '/admin-categories/order', { id: second!.id, move: 'bottom' })).json()).categories;
    expect(bottom.at(-1)!.id).toBe(second!.id);
    expect((await read(second!.id)).history[0]).toMatchObject({ action: 'moved', changes: { position: { before: 1, after: all.length } } });
    expect((await read(bystander.id)).history).toHaveLength(bystanderHistory);
    await clerk.call('POST', '/admin-categories/order', { id: second!.id, move: 'top' });

    // Already first: moving up changes nothing and records nothing.
    const before = await snapshot();
    expect((await clerk.call('POST', '/admin-categories/order', { id: second!.id, move: 'up' })).statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('sets the whole order at once, or refuses it whole (a missing, repeated or unknown id)', async () => {
    const ids = (await list()).map((category) => category.id);
    const reversed = ids.toReversed();
    const response = await clerk.call('POST', '/admin-categories/order', { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect((await list()).map((category) => category.id)).toEqual(reversed);
    await expect.poll(async () => (await storefront.categories()).length && (await storefront.categories())[0]!.urlFriendlyName).toBe((await list())[0]!.slug);

    const before = await snapshot();
    for (const body of [{ ids: reversed.slice(1) }, { ids: [...reversed.slice(1), reversed[1]] }, { ids: [...reversed.slice(1), 999999] }, { id: 999999, move: 'up' }, { id: ids[0], move: 'sideways' }, {}]) {
      const refused = await clerk.call('POST', '/admin-categories/order', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});
