import type { ProductImportReport } from '@charms/contracts/admin-products-csv';
import type { ProductFields } from '@charms/domain/product-admin';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { HttpError } from '../http-error';
import { type Change, recordChanges } from '../staff/admin-audit';
import { lockProductSlugs } from './admin-products';
import type { Actor } from '../staff/audit';
import { type PlannedProduct, checkProductCsv } from './product-csv-check';

/**
 * A products CSV imported all or nothing: checked and written in one transaction, under the lock every save of a
 * product's slug takes (so two imports, or an import and the admin's form, never interleave). The writes are
 * set-based, one statement per table whatever the number of rows (each row set travels as one JSON parameter), so
 * the catalog tables' statement triggers keep the listings and send one NOTIFY catalog_changed per table, not one
 * per product. Each product added or changed gets its entry in the admin trail (action "imported").
 */
type StaffActor = Actor & { id: string };

export async function importProductCsv(db: Db, actor: StaffActor, body: Buffer | string, options: { dryRun: boolean; now: Date }): Promise<ProductImportReport> {
  if (options.dryRun) return { dryRun: true, ...(await checkProductCsv(db, body)).report };
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockProductSlugs(tx);
    const { report, changes } = await checkProductCsv(tx, body);
    if (!report.ok) {
      const message = `The file has ${report.errorCount === 1 ? 'an error' : `${report.errorCount} errors`}: nothing was imported. Run a dry run to see them by line and column.`;
      throw new HttpError(400, 'CSV_INVALID', message, { dryRun: false, ...report });
    }
    await writeProducts(tx, changes, options.now);
    await recordChanges(tx, changes.map((plan) => trailOf(actor, plan)));
    return { dryRun: false, ...report };
  });
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const RECORD = sql`x(ord int, id int, name text, slug text, description text, brand text, kind text, primary_category_id int, sizes float8[],
  clasp text, engraving_max_chars smallint, engraving_fonts text[], is_photo_art boolean, lead_time_min_days smallint, lead_time_max_days smallint,
  returnable boolean, seo_title text, seo_description text, retired boolean)`;

const recordOf = (plan: PlannedProduct, ord: number) => {
  const { product: p } = plan;
  return {
    ord, id: plan.stored?.id ?? null, name: p.name, slug: p.slug, description: p.description, brand: p.brand, kind: p.kind,
    primary_category_id: p.primaryCategoryId, sizes: p.sizes, clasp: p.clasp, engraving_max_chars: p.engravingMaxChars,
    engraving_fonts: p.engravingFonts, is_photo_art: p.isPhotoArt, lead_time_min_days: p.leadTimeMinDays, lead_time_max_days: p.leadTimeMaxDays,
    returnable: p.returnable, seo_title: p.seoTitle, seo_description: p.seoDescription, retired: plan.retired,
  };
};

/** What a row changes of its stored product: the product's own row, its prices, its categories (all three when new). */
function partsChanged(plan: PlannedProduct) {
  const { stored } = plan;
  if (!stored) return { row: true, prices: true, categories: true };
  const { prices, categoryIds, ...fields } = plan.product;
  const { prices: storedPrices, categoryIds: storedCategories, ...storedFields } = stored.fields;
  const pricesOf = (list: typeof prices) => JSON.stringify([...list].sort((a, b) => a.metalId - b.metalId).map((price) => [price.metalId, price.priceCents, price.available]));
  const sorted = (ids: readonly number[]) => JSON.stringify([...ids].sort((a, b) => a - b));
  // Exact equality only (sizes in their order): a row is left out of a statement only when that statement would
  // change nothing of it, and the statements keep their own "is distinct from" for everything sent.
  const key = (value: Record<string, unknown>) => JSON.stringify(Object.keys(value).sort().map((name) => [name, value[name]]));
  return {
    row: plan.retired !== stored.retired || key(fields) !== key(storedFields),
    prices: pricesOf(prices) !== pricesOf(storedPrices),
    categories: sorted(categoryIds) !== sorted(storedCategories),
  };
}

async function writeProducts(tx: Db, changes: PlannedProduct[], now: Date) {
  if (changes.length === 0) return;
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const added = changes.filter((plan) => !plan.stored);
  const parts = new Map(changes.map((plan) => [plan, partsChanged(plan)]));
  // A reprice of the whole catalog sends only prices: each statement gets the rows whose part of the product changed.
  const changed = changes.filter((plan) => plan.stored && parts.get(plan)!.row);
  const ids = new Map<PlannedProduct, number>(changes.filter((plan) => plan.stored).map((plan) => [plan, plan.stored!.id]));
  if (added.length > 0) {
    // A new product's drawing (until photos replace it) is its category's most common, as the admin's form does.
    const inserted = await queryRows<{ id: number; slug: string }>(
      tx,
      sql`with shapes as (
            select distinct on (primary_category_id) primary_category_id, shape from products where kind = 'charm'
            group by primary_category_id, shape order by primary_category_id, count(*) desc, shape)
          insert into products (name, slug, description, brand, kind, shape, primary_category_id, sizes, clasp, engraving_max_chars, engraving_fonts,
            is_photo_art, lead_time_min_days, lead_time_max_days, returnable, seo_title, seo_description, retired_at)
          select x.name, x.slug, x.description, x.brand, x.kind, case when x.kind = 'bracelet' then 'bracelet' else coalesce(s.shape, 'heart') end,
            x.primary_category_id, x.sizes, x.clasp, x.engraving_max_chars, x.engraving_fonts, x.is_photo_art, x.lead_time_min_days,
            x.lead_time_max_days, x.returnable, x.seo_title, x.seo_description, case when x.retired then ${stamp} end
          from jsonb_to_recordset(${json(added.map(recordOf))}) as ${RECORD}
          left join shapes s on s.primary_category_id = x.primary_category_id
          order by x.ord
          returning id, slug`,
    );
    // The file's slugs are its own (checked), so each new row is found by its slug.
    const bySlug = new Map(added.map((plan) => [plan.product.slug, plan]));
    for (const row of inserted) ids.set(bySlug.get(row.slug)!, row.id);
  }
  if (changed.length > 0) {
    await tx.execute(sql`
      update products p set name = x.name, slug = x.slug, description = x.description, brand = x.brand, kind = x.kind,
        primary_category_id = x.primary_category_id, sizes = x.sizes, clasp = x.clasp, engraving_max_chars = x.engraving_max_chars,
        engraving_fonts = x.engraving_fonts, is_photo_art = x.is_photo_art, lead_time_min_days = x.lead_time_min_days,
        lead_time_max_days = x.lead_time_max_days, returnable = x.returnable, seo_title = x.seo_title, seo_description = x.seo_description,
        retired_at = case when x.retired then coalesce(p.retired_at, ${stamp}) end
      from jsonb_to_recordset(${json(changed.map(recordOf))}) as ${RECORD}
      where p.id = x.id
        -- A row that only reprices leaves its product's row alone (no new search vector, no listing trigger work).
        and (p.name, p.slug, p.description, p.brand, p.kind, p.primary_category_id, p.sizes, p.clasp, p.engraving_max_chars, p.engraving_fonts,
          p.is_photo_art, p.lead_time_min_days, p.lead_time_max_days, p.returnable, p.seo_title, p.seo_description, p.retired_at is not null)
        is distinct from (x.name, x.slug, x.description, x.brand, x.kind, x.primary_category_id, x.sizes, x.clasp, x.engraving_max_chars,
          x.engraving_fonts, x.is_photo_art, x.lead_time_min_days, x.lead_time_max_days, x.returnable, x.seo_title, x.seo_description, x.retired)`);
  }
  const repriced = changes.filter((plan) => parts.get(plan)!.prices);
  const relinked = changes.filter((plan) => parts.get(plan)!.categories);
  // Prices before categories: a new product's listings are made when it joins a category, from its prices.
  if (repriced.length > 0) {
    const prices = repriced.flatMap((plan) => plan.product.prices.map((price) => ({ product_id: ids.get(plan)!, metal_id: price.metalId, price_cents: price.priceCents, available: price.available })));
    // Only a stored product can have a price the file drops.
    const storedIds = repriced.filter((plan) => plan.stored).map((plan) => plan.stored!.id);
    if (storedIds.length > 0) {
      await tx.execute(sql`
        delete from product_prices pp where pp.product_id in (select jsonb_array_elements_text(${json(storedIds)})::int)
          and not exists (select 1 from jsonb_to_recordset(${json(prices)}) as x(product_id int, metal_id smallint) where x.product_id = pp.product_id and x.metal_id = pp.metal_id)`);
    }
    await tx.execute(sql`
      insert into product_prices (product_id, metal_id, price_cents, available)
      select product_id, metal_id, price_cents, available from jsonb_to_recordset(${json(prices)}) as x(product_id int, metal_id smallint, price_cents int, available boolean)
      on conflict (product_id, metal_id) do update set price_cents = excluded.price_cents, available = excluded.available
        where (product_prices.price_cents, product_prices.available) is distinct from (excluded.price_cents, excluded.available)`);
  }
  if (relinked.length > 0) {
    const links = relinked.flatMap((plan) => plan.product.categoryIds.map((categoryId) => ({ product_id: ids.get(plan)!, category_id: categoryId })));
    const storedIds = relinked.filter((plan) => plan.stored).map((plan) => plan.stored!.id);
    if (storedIds.length > 0) {
      await tx.execute(sql`
        delete from product_categories pc where pc.product_id in (select jsonb_array_elements_text(${json(storedIds)})::int)
          and not exists (select 1 from jsonb_to_recordset(${json(links)}) as x(product_id int, category_id int) where x.product_id = pc.product_id and x.category_id = pc.category_id)`);
    }
    await tx.execute(sql`
      insert into product_categories (product_id, category_id)
      select product_id, category_id from jsonb_to_recordset(${json(links)}) as x(product_id int, category_id int)
      on conflict do nothing`);
  }
  for (const plan of changes) plan.id = ids.get(plan)!;
}

/** The fields staff set, as the product's trail shows them (prices by metal, in cents), and whether it is retired. */
const trailFields = (product: ProductFields, retired: boolean) => {
  const { prices, categoryIds, sizes, ...fields } = product;
  return {
    ...fields,
    sizes: [...sizes].sort((a, b) => a - b),
    categoryIds: [...categoryIds].sort((a, b) => a - b),
    prices: Object.fromEntries([...prices].sort((a, b) => a.metalId - b.metalId).map((price) => [price.metalSlug, { priceCents: price.priceCents, available: price.available }])),
    retired,
  };
};

function trailOf(actor: StaffActor, plan: PlannedProduct): Change {
  return {
    actor,
    entityType: 'product',
    entityId: plan.id!,
    action: 'imported',
    ...(plan.stored ? { before: trailFields(plan.stored.fields, plan.stored.retired) } : {}),
    after: trailFields(plan.product, plan.retired),
  };
}
