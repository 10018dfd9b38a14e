import { count, sql } from 'drizzle-orm';
import type { Db } from '../../client';
import { categories, productCategories, productPrices, products, searchVocabulary } from '../../schema';
import { type CatalogSize, type SeedProduct, generateCatalog, vocabularyOf } from './generate';

const BATCH = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Loads the generated catalog when there are no products yet. Returns how many products it added. */
export async function seedCatalog(db: Db, size: CatalogSize = 'standard'): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return 0;
  const categoryRows = await db.select().from(categories);
  const categoryIds = new Map(categoryRows.map((row) => [row.urlFriendlyName, row.id]));
  const categoryNames = new Map(categoryRows.map((row) => [row.urlFriendlyName, row.categoryName]));
  const catalog = generateCatalog(size, categoryNames);
  const idOf = (slug: string) => {
    const id = categoryIds.get(slug);
    if (id === undefined) throw new Error(`Seed catalog names an unknown category: ${slug}`);
    return id;
  };

  await db.transaction(async (tx) => {
    for (const batch of chunks(catalog, BATCH)) {
      // Prices before categories: the listing trigger on product_categories then writes each listing row once,
      // already priced, instead of writing it and updating it.
      await tx.insert(products).values(batch.map((product) => toRow(product, idOf(product.primaryCategory))));
      await tx.insert(productPrices).values(
        batch.flatMap((product) =>
          Object.entries(product.prices).map(([metalId, priceCents]) => ({ productId: product.id, metalId: Number(metalId), priceCents: priceCents! })),
        ),
      );
      await tx
        .insert(productCategories)
        .values(batch.flatMap((product) => product.categories.map((slug) => ({ productId: product.id, categoryId: idOf(slug) }))));
    }
    // Explicit ids were inserted: move the sequence past them so new products get fresh ids.
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
    await refreshVocabulary(tx as unknown as Db);
  });
  return catalog.length;
}

function toRow(product: SeedProduct, primaryCategoryId: number): typeof products.$inferInsert {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    description: product.description,
    kind: product.kind,
    shape: product.label ? `${product.shape}:${product.label}` : product.shape,
    primaryCategoryId,
    sizes: product.sizes,
    clasp: product.clasp,
    engravingMaxChars: product.engravingMaxChars,
    engravingFonts: product.engravingFonts,
    isPhotoArt: product.isPhotoArt,
    leadTimeMinDays: product.leadTime?.[0] ?? null,
    leadTimeMaxDays: product.leadTime?.[1] ?? null,
    returnable: product.returnable,
    collections: product.collections,
    keywords: product.keywords,
    unitsSold: product.unitsSold,
    createdAt: product.createdAt,
  };
}

/** Rebuilds the words the search corrects misspellings to, from the products as they are now. */
export async function refreshVocabulary(db: Db): Promise<void> {
  const rows = await db.select({ name: products.name, keywords: products.keywords }).from(products);
  const vocabulary = vocabularyOf(rows);
  await db.delete(searchVocabulary);
  for (const batch of chunks([...vocabulary], BATCH)) {
    await db.insert(searchVocabulary).values(batch.map(([word, frequency]) => ({ word, frequency })));
  }
}
