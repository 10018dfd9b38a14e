import type { AdminCategory, AdminCategoryDetail, CreateCategory, ReorderCategories, UpdateCategory } from '@charms/contracts/admin-categories';
import { categorySlugProblem, isSameSet, moveInOrder, slugFromName } from '@charms/domain/category-admin';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type CategoryRow, categories, categorySlugHistory, productCategories } from '../db/schema';
import { HttpError, invalidFields, notFound } from '../http-error';
import { changeView, changesOf, recordChange } from '../staff/admin-audit';
import type { Actor } from '../staff/audit';

/**
 * Staff name, describe, picture and order the categories. The storefront reads the categories table on every
 * menu and listing (its caches are dropped by the tables' NOTIFY catalog_changed), so a change shows at once.
 * A slug given up is kept in category_slug_history, so the category's old URLs redirect (301) to its new ones.
 */
type StaffActor = Actor & { id: string };

const productCounts = (db: Db) =>
  db
    .select({ categoryId: productCategories.categoryId, count: sql<number>`count(*)::int`.as('product_count') })
    .from(productCategories)
    .groupBy(productCategories.categoryId)
    .as('counts');

const inMenuOrder = [asc(categories.position), asc(categories.categoryName), asc(categories.id)];

/** The fields staff set, as the audit trail compares them. */
const editable = (row: CategoryRow) => ({ name: row.categoryName, slug: row.urlFriendlyName, description: row.description, menuImage: row.menuImage });

const present = (row: CategoryRow, position: number, productCount: number | null): AdminCategory => ({
  id: row.id,
  name: row.categoryName,
  slug: row.urlFriendlyName,
  description: row.description,
  menuImage: row.menuImage,
  position,
  productCount: productCount ?? 0,
});

/** Every category in menu order, with how many products it lists. */
export async function listAdminCategories(db: Db): Promise<{ categories: AdminCategory[] }> {
  const counts = productCounts(db);
  const rows = await db
    .select({ category: categories, count: counts.count })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .orderBy(...inMenuOrder);
  return { categories: rows.map((row, index) => present(row.category, index + 1, row.count)) };
}

const noCategory = (id: number) => notFound(`There is no category ${id}.`);

/** One category with its old slugs and who changed it, when. */
export async function getAdminCategory(db: Db, id: number): Promise<AdminCategoryDetail> {
  const { categories: all } = await listAdminCategories(db);
  const category = all.find((one) => one.id === id);
  if (!category) throw noCategory(id);
  const [oldSlugs, history] = await Promise.all([
    db.select({ slug: categorySlugHistory.slug }).from(categorySlugHistory).where(eq(categorySlugHistory.categoryId, id)).orderBy(desc(categorySlugHistory.retiredAt), asc(categorySlugHistory.slug)),
    changesOf(db, 'category', id),
  ]);
  return {
    ...category,
    oldSlugs: oldSlugs.map((row) => row.slug),
    history: history.map(changeView),
  };
}

/** One lock for every change to the categories, so two saves cannot take one slug, and a reorder sees one order. */
const lockCategories = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('categories'))`);

/** The slug a save asks for: as given, or made from the name; a slug that cannot be is a 400 on the slug field. */
function slugFor(given: string, name: string): string {
  const slug = given || slugFromName(name);
  if (slug === '') throw invalidFields([{ field: 'slug', message: 'is required: the name has no letters or digits to make one from' }]);
  const problem = categorySlugProblem(slug);
  if (problem) throw invalidFields([{ field: 'slug', message: given ? problem : `made from the name (${slug}): ${problem}` }]);
  return slug;
}

/**
 * Makes `slug` free for category `id`: refused (409) when it is another category's current slug; taken back from
 * the old slugs (its own, or another category's, whose old links then show this category instead).
 */
async function claimSlug(tx: Db, actor: StaffActor, slug: string, id: number | null): Promise<void> {
  const [current] = await tx
    .select({ id: categories.id, name: categories.categoryName })
    .from(categories)
    .where(sql`lower(${categories.urlFriendlyName}) = lower(${slug})${id === null ? sql`` : sql` and ${categories.id} <> ${id}`}`);
  if (current) throw new HttpError(409, 'CATEGORY_SLUG_TAKEN', `${current.name} already uses the slug ${slug} (slugs are the same in any case).`, [{ field: 'slug', message: `is taken by ${current.name}` }]);
  const released = await tx.delete(categorySlugHistory).where(sql`lower(${categorySlugHistory.slug}) = lower(${slug})`).returning();
  for (const old of released) {
    if (old.categoryId === id) continue;
    await recordChange(tx, { actor, entityType: 'category', entityId: old.categoryId, action: 'old slug taken', before: { oldSlug: old.slug }, after: { oldSlug: null } });
  }
}

export async function createCategory(db: Db, actor: StaffActor, body: CreateCategory): Promise<number> {
  const slug = slugFor(body.slug, body.name);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockCategories(tx);
    await claimSlug(tx, actor, slug, null);
    const [last] = await tx.select({ position: sql<number>`coalesce(max(${categories.position}), 0)::int` }).from(categories);
    const [row] = await tx
      .insert(categories)
      .values({ categoryName: body.name, urlFriendlyName: slug, description: body.description, menuImage: body.menuImage, position: (last?.position ?? 0) + 1 })
      .returning();
    await recordChange(tx, { actor, entityType: 'category', entityId: row!.id, action: 'created', after: editable(row!) });
    return row!.id;
  });
}

/** Renames, re-slugs, describes or pictures a category; a slug given up keeps redirecting to the new one. */
export async function updateCategory(db: Db, actor: StaffActor, id: number, body: UpdateCategory): Promise<void> {
  const slug = body.slug === undefined ? undefined : slugFor(body.slug, '');
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockCategories(tx);
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw noCategory(id);
    const changesSlug = slug !== undefined && slug !== before.urlFriendlyName;
    if (changesSlug) {
      await claimSlug(tx, actor, slug, id);
      // A change of letter case only keeps the same URLs (they match in any case): nothing to redirect.
      if (slug.toLowerCase() !== before.urlFriendlyName.toLowerCase()) {
        await tx.insert(categorySlugHistory).values({ slug: before.urlFriendlyName, categoryId: id });
      }
    }
    const [after] = await tx
      .update(categories)
      .set({
        ...(body.name === undefined ? {} : { categoryName: body.name }),
        ...(changesSlug ? { urlFriendlyName: slug } : {}),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.menuImage === undefined ? {} : { menuImage: body.menuImage }),
      })
      .where(eq(categories.id, id))
      .returning();
    await recordChange(tx, { actor, entityType: 'category', entityId: id, action: 'updated', before: editable(before), after: editable(after!) });
  });
}

/** Moves one category in the menu, or sets the whole order; all positions change in one transaction. */
export async function reorderCategories(db: Db, actor: StaffActor, body: ReorderCategories): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockCategories(tx);
    const rows = await tx.select({ id: categories.id, position: categories.position }).from(categories).orderBy(...inMenuOrder);
    const current = rows.map((row) => row.id);
    let order: number[];
    if ('move' in body) {
      const moved = moveInOrder(current, body.id, body.move);
      if (!moved) throw invalidFields([{ field: 'id', message: `is not a category (${body.id})` }]);
      order = moved;
    } else {
      if (!isSameSet(current, body.ids)) throw invalidFields([{ field: 'ids', message: `must list each of the ${current.length} categories once, in the new order` }]);
      order = body.ids;
    }
    const was = new Map(rows.map((row, index) => [row.id, { stored: row.position, place: index + 1 }]));
    const placed = order.map((categoryId, index) => ({ categoryId, place: index + 1, stored: was.get(categoryId)!.stored }));
    // Positions are written 1, 2, 3… (the seed's may start at 0); only a change of place is a move staff made.
    const toWrite = placed.filter((one) => one.stored !== one.place);
    if (toWrite.length === 0) return;
    const values = sql.join(toWrite.map(({ categoryId, place }) => sql`(${categoryId}::int, ${place}::smallint)`), sql`, `);
    await tx.execute(sql`update categories set position = v.position from (values ${values}) as v(id, position) where categories.id = v.id`);
    // To the top or the bottom, the categories in between each shift one place as a consequence: the trail records
    // the one staff moved (one click was forty lines of activity). A swap or a whole new order records each moved.
    const recorded = 'move' in body && (body.move === 'top' || body.move === 'bottom') ? placed.filter((one) => one.categoryId === body.id) : placed;
    for (const { categoryId, place } of recorded) {
      const before = was.get(categoryId)!.place;
      if (before !== place) await recordChange(tx, { actor, entityType: 'category', entityId: categoryId, action: 'moved', before: { position: before }, after: { position: place } });
    }
  });
}
