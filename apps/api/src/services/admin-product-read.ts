import type { AdminProductDetail, AdminProductList, AdminProductListQuery, AdminProductOptions, AdminProductSummary } from '@charms/contracts/admin-products';
import { ENGRAVING_FONTS } from '@charms/domain/engraving';
import { METALS, findMetalById, findMetalBySlug } from '@charms/domain/metals';
import { BRACELET_SIZES } from '@charms/domain/session-options';
import { type SQL, and, asc, count, eq, exists, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type ProductRow, categories, productCategories, productPrices, products } from '../db/schema';
import { notFound } from '../http-error';
import { changeView, changesOf } from '../staff/admin-audit';
import { pathOf } from './catalog-presenters';

/** What staff read of the catalog: the list with its filters, one product with its trail, the form's choices. */

export const noProduct = (id: number) => notFound(`There is no product ${id}.`);

/** Words of a search typed into the list are matched as written: % and _ are not wildcards there. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function listFilter(query: AdminProductListQuery): SQL | undefined {
  const metal = query.metal ? findMetalBySlug(query.metal) : undefined;
  const priced = (extra?: SQL) =>
    exists(
      sql`(select 1 from ${productPrices} where ${productPrices.productId} = ${products.id}${metal ? sql` and ${productPrices.metalId} = ${metal.id}` : sql``}${extra ? sql` and ${extra}` : sql``})`,
    );
  const q = query.q?.trim();
  const conditions: (SQL | undefined)[] = [
    q ? or(ilike(products.name, `%${escapeLike(q)}%`), /^\d{1,9}$/.test(q) ? eq(products.id, Number(q)) : undefined, eq(products.slug, q.toLowerCase())) : undefined,
    query.category ? exists(sql`(select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${query.category})`) : undefined,
    metal && query.availability !== 'unavailable' ? priced() : undefined,
    query.availability === 'on-sale' ? isNull(products.retiredAt) : undefined,
    query.availability === 'retired' ? isNotNull(products.retiredAt) : undefined,
    query.availability === 'unavailable' ? and(isNull(products.retiredAt), priced(sql`not ${productPrices.available}`)) : undefined,
  ];
  return and(...conditions);
}

type PriceRow = { productId: number; metalId: number; priceCents: number; available: boolean };

async function pricesOf(db: Db, ids: number[]): Promise<Map<number, PriceRow[]>> {
  const rows = ids.length === 0 ? [] : await db.select().from(productPrices).where(inArray(productPrices.productId, ids));
  const byProduct = new Map<number, PriceRow[]>();
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

const metalOrder = (metalId: number) => METALS.findIndex((metal) => metal.id === metalId);

function summarize(row: ProductRow, category: { id: number; name: string; slug: string }, prices: PriceRow[]): AdminProductSummary {
  const offered = [...prices].sort((a, b) => metalOrder(a.metalId) - metalOrder(b.metalId));
  const first = offered.find((price) => price.available) ?? offered[0];
  const shown = { ...row, primaryCategorySlug: category.slug, sizes: row.sizes ?? [] };
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    kind: row.kind,
    primaryCategory: { id: category.id, name: category.name },
    prices: offered.map((price) => {
      const metal = findMetalById(price.metalId)!;
      return { metal: metal.slug, metalName: metal.name, priceCents: price.priceCents, available: price.available };
    }),
    retiredAt: row.retiredAt?.toISOString() ?? null,
    storefrontPath: row.retiredAt || !first ? null : pathOf(shown, findMetalById(first.metalId)!),
  };
}

const withPrimaryCategory = (db: Db) =>
  db
    .select({ product: products, category: { id: categories.id, name: categories.categoryName, slug: categories.urlFriendlyName } })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId));

/** A page of products by name (then id), with the number that matched. */
export async function listProducts(db: Db, query: AdminProductListQuery): Promise<AdminProductList> {
  const where = listFilter(query);
  const [rows, [total]] = await Promise.all([
    withPrimaryCategory(db)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(products).where(where),
  ]);
  const prices = await pricesOf(db, rows.map((row) => row.product.id));
  return {
    products: rows.map((row) => summarize(row.product, row.category, prices.get(row.product.id) ?? [])),
    total: Number(total?.value ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One product as the edit form shows it, with who changed it, when. */
export async function getProduct(db: Db, id: number): Promise<AdminProductDetail> {
  const [row] = await withPrimaryCategory(db).where(eq(products.id, id));
  if (!row) throw noProduct(id);
  const [prices, inCategories, history] = await Promise.all([
    pricesOf(db, [id]),
    db
      .select({ id: categories.id, name: categories.categoryName })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, id))
      .orderBy(asc(categories.position), asc(categories.id)),
    changesOf(db, 'product', id),
  ]);
  const product = row.product;
  return {
    ...summarize(product, row.category, prices.get(id) ?? []),
    description: product.description,
    brand: product.brand,
    categories: inCategories,
    engravingMaxChars: product.engravingMaxChars,
    engravingFonts: product.engravingFonts ?? [],
    sizes: product.sizes ?? [],
    clasp: product.clasp,
    leadTimeMinDays: product.leadTimeMinDays,
    leadTimeMaxDays: product.leadTimeMaxDays,
    isPhotoArt: product.isPhotoArt,
    returnable: product.returnable,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    createdAt: product.createdAt.toISOString(),
    history: history.map(changeView),
  };
}

/** The choices of the product form: every category (menu order), metal, engraving font and bracelet length. */
export async function productOptions(db: Db): Promise<AdminProductOptions> {
  const rows = await db.select({ id: categories.id, name: categories.categoryName }).from(categories).orderBy(asc(categories.position), asc(categories.id));
  return {
    categories: rows,
    metals: METALS.map((metal) => ({ slug: metal.slug, name: metal.name })),
    fonts: ENGRAVING_FONTS.map((font) => ({ id: font.id, name: font.name })),
    sizes: [...BRACELET_SIZES],
  };
}
