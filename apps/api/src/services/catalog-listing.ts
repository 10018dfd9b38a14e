import type { ListingOrder, ProductListQuery, ProductListResponse } from '@charms/contracts/catalog';
import type { Category } from '@charms/contracts/categories';
import { type ListingRoute, parseListingPath } from '@charms/domain/catalog-paths';
import { DEFAULT_METAL_ID, type Metal, findMetalById, findMetalBySlug } from '@charms/domain/metals';
import { PRODUCT_ORDERS } from '@charms/domain/session-options';
import { correctWords, extractMetal, searchWords } from '@charms/domain/search-terms';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { HttpError, invalidFields, notFound } from '../http-error';
import { type SummaryRow, listEvent, toSummary } from './catalog-presenters';

export interface ListingContext {
  db: Db;
  storeName: string;
  /** The catalog's words and their frequencies, for spelling correction. */
  vocabulary: () => Promise<ReadonlyMap<string, number>>;
}

export type Filter =
  | { kind: 'category'; category: Category & { id: number } }
  | { kind: 'collection'; collection: string; heading: string }
  | { kind: 'search'; words: string[]; term: string };

const COLLECTION_HEADINGS: Record<string, string> = { 'girls-bracelets': 'Girls Charm Bracelets' };

async function findCategory(db: Db, by: { slug?: string; name?: string }) {
  const condition = by.slug !== undefined ? sql`lower(url_friendly_name) = lower(${by.slug})` : sql`lower(category_name) = lower(${by.name})`;
  const result = await queryRows<{ id: number; categoryName: string; urlFriendlyName: string }>(db,
    sql`select id, category_name as "categoryName", url_friendly_name as "urlFriendlyName" from categories where ${condition} limit 1`,
  );
  return result[0];
}

function resolveRoute(query: ProductListQuery): ListingRoute {
  if (query.path !== undefined) {
    const route = parseListingPath(query.path);
    if (!route) throw notFound('That address is not a product listing.');
    if (route.kind === 'search' && route.term === '' && query.q) return { ...route, term: query.q };
    return route;
  }
  if (query.categoryName !== undefined) return { kind: 'category', metalSlug: null, categorySlug: '' };
  if (query.q !== undefined) return { kind: 'search', metalSlug: null, term: query.q };
  throw invalidFields([{ field: 'path', message: 'is required (or categoryName, or q)' }]);
}

/** Sort keys: products offered in the metal first, then the shopper's order, then id so pages never overlap. */
function orderSql(order: ListingOrder, filter: Filter): SQL {
  if (filter.kind === 'category') {
    // Matches the indexes of catalog_listings column for column, so a page is read straight from an index.
    switch (order) {
      case 'PriceLowHigh':
        return sql`l.unavailable, l.price_cents, l.name, l.product_id`;
      case 'PriceHighLow':
        return sql`l.unavailable, l.price_cents desc nulls last, l.name, l.product_id`;
      case 'Newest':
        return sql`l.unavailable, l.created_at desc nulls last, l.product_id`;
      case 'BestSelling':
      case 'Relevance':
        return sql`l.unavailable, l.units_sold desc nulls last, l.product_id`;
      default:
        return sql`l.unavailable, l.name, l.product_id`;
    }
  }
  const unavailable = sql`(pp.price_cents is null)`;
  switch (order) {
    case 'PriceLowHigh':
      return sql`${unavailable}, pp.price_cents, p.name, p.id`;
    case 'PriceHighLow':
      return sql`${unavailable}, pp.price_cents desc nulls last, p.name, p.id`;
    case 'Newest':
      return sql`${unavailable}, p.created_at desc, p.id`;
    case 'BestSelling':
      return sql`${unavailable}, p.units_sold desc, p.id`;
    case 'Relevance':
      return filter.kind === 'search' ? sql`${unavailable}, rank desc, p.units_sold desc, p.id` : sql`${unavailable}, p.units_sold desc, p.id`;
    default:
      return sql`${unavailable}, p.name, p.id`;
  }
}

const SUMMARY_COLUMNS = sql`p.id, p.name, p.slug, p.kind, p.brand, p.shape, p.sizes, p.is_photo_art as "isPhotoArt",
  p.engraving_max_chars as "engravingMaxChars", c.url_friendly_name as "primaryCategorySlug"`;

/**
 * The query for one page of a listing. Categories read catalog_listings in index order (count apart);
 * collections and searches score or filter products and count with a window.
 */
export function pageQuery(filter: Filter, metal: Metal, order: ListingOrder, page: number, pageSize: number): SQL {
  const limit = sql`limit ${pageSize} offset ${(page - 1) * pageSize}`;
  if (filter.kind === 'category') {
    return sql`
      select ${SUMMARY_COLUMNS}, l.price_cents as "priceCents", 0 as rank, null as total
      from catalog_listings l
      join products p on p.id = l.product_id
      join categories c on c.id = p.primary_category_id
      where l.category_id = ${filter.category.id} and l.metal_id = ${metal.id}
      order by ${orderSql(order, filter)}
      ${limit}`;
  }
  const searchText = filter.kind === 'search' ? filter.words.join(' ') : '';
  const rank =
    filter.kind === 'search'
      ? // Full-text matches rank by ts_rank; fuzzy (trigram-only) matches rank below them, by similarity.
        sql`case when p.search_vector @@ plainto_tsquery('english', ${searchText})
                 then 1 + ts_rank(p.search_vector, plainto_tsquery('english', ${searchText}))
                 else word_similarity(${searchText}, p.name) end`
      : sql`0`;
  const where =
    filter.kind === 'collection'
      ? sql`p.collections @> array[${filter.collection}]::text[]`
      : filter.words.length === 0
        ? sql`pp.price_cents is not null`
        : sql`(p.search_vector @@ plainto_tsquery('english', ${searchText}) or ${searchText} <% p.name)`;
  return sql`
    select ${SUMMARY_COLUMNS}, pp.price_cents as "priceCents", ${rank} as rank, count(*) over () as total
    from products p
    join categories c on c.id = p.primary_category_id
    left join product_prices pp on pp.product_id = p.id and pp.metal_id = ${metal.id}
    where ${where}
    order by ${orderSql(order, filter)}
    ${limit}`;
}

/** How many products a category has (in any metal: every product is listed once per metal). */
function categoryCountQuery(categoryId: number, metal: Metal): SQL {
  return sql`select count(*)::int as total from catalog_listings where category_id = ${categoryId} and metal_id = ${metal.id}`;
}

async function fetchPage(db: Db, filter: Filter, metal: Metal, order: ListingOrder, page: number, pageSize: number) {
  const [rows, categoryTotal] = await Promise.all([
    queryRows<SummaryRow & { rank: number; total: number | null }>(db, pageQuery(filter, metal, order, page, pageSize)),
    filter.kind === 'category' ? queryRows<{ total: number }>(db, categoryCountQuery(filter.category.id, metal)) : undefined,
  ]);
  let total = categoryTotal ? Number(categoryTotal[0]?.total ?? 0) : Number(rows[0]?.total ?? 0);
  // A page past the end has no rows to carry the window count: count on the first page instead.
  if (!categoryTotal && rows.length === 0 && page > 1) total = (await fetchPage(db, filter, metal, order, 1, 1)).total;
  return { rows: rows.map((row) => ({ ...row, sizes: row.sizes ?? [] })), total };
}

async function popularCategories(db: Db): Promise<Category[]> {
  const result = await queryRows<Category>(db,sql`
    select c.category_name as "categoryName", c.url_friendly_name as "urlFriendlyName"
    from categories c join product_categories pc on pc.category_id = c.id join products p on p.id = pc.product_id
    group by c.id order by sum(p.units_sold) desc limit 8`);
  return result;
}

/** GET /products: the products of a category, collection or search, in one metal, one page at a time. */
export async function listProducts(context: ListingContext, query: ProductListQuery): Promise<ProductListResponse> {
  const { db } = context;
  const route = resolveRoute(query);

  let filter: Filter;
  let namedMetalId: number | null = null;
  if (route.kind === 'category') {
    const category = await findCategory(db, query.categoryName !== undefined && query.path === undefined ? { name: query.categoryName } : { slug: route.categorySlug });
    if (!category) throw notFound('We could not find that category. It may have been renamed; browse all categories instead.');
    filter = { kind: 'category', category };
  } else if (route.kind === 'collection') {
    filter = { kind: 'collection', collection: route.collection, heading: COLLECTION_HEADINGS[route.collection] ?? route.collection };
  } else {
    const extracted = extractMetal(searchWords(route.term));
    namedMetalId = extracted.metalId;
    filter = { kind: 'search', words: extracted.words, term: route.term.slice(0, 100) };
  }

  const pathMetal = route.kind !== 'collection' && route.metalSlug ? findMetalBySlug(route.metalSlug) : undefined;
  if (route.kind !== 'collection' && route.metalSlug && !pathMetal) {
    throw notFound(`We do not sell charms in "${route.metalSlug.slice(0, 40)}". Choose sterling silver, gold plate, 10k gold, 14k gold or 14k white gold.`);
  }
  const metal = pathMetal ?? findMetalById(namedMetalId ?? query.metalId ?? DEFAULT_METAL_ID)!;
  const order: ListingOrder = query.orderBy ?? (filter.kind === 'search' ? 'Relevance' : 'Name');

  const hasSearch = filter.kind === 'search' && (filter.words.length > 0 || namedMetalId !== null);
  const nothing = { rows: [], total: 0 };
  let found = filter.kind === 'search' && !hasSearch ? nothing : await fetchPage(db, filter, metal, order, query.page, query.pageSize);

  // Misspelled words: when the words as typed find nothing, show results for the corrected words;
  // when they find something, offer the correction as "did you mean".
  let correctedTerm: string | null = null;
  let didYouMean: string | null = null;
  if (filter.kind === 'search' && filter.words.length > 0) {
    const corrected = correctWords(filter.words, await context.vocabulary());
    if (corrected && found.total > 0) didYouMean = corrected.join(' ');
    else if (corrected) {
      const correctedFilter: Filter = { ...filter, words: corrected };
      const correctedFound = await fetchPage(db, correctedFilter, metal, order, query.page, query.pageSize);
      if (correctedFound.total > 0) {
        filter = correctedFilter;
        found = correctedFound;
        correctedTerm = corrected.join(' ');
      }
    }
  }

  const totalCount = found.total;
  const totalPages = Math.max(1, Math.ceil(totalCount / query.pageSize));
  if (query.page > totalPages) {
    throw new HttpError(400, 'VALIDATION_ERROR', `page ${query.page} is past the last page (${totalPages})`, [
      { field: 'page', message: `must be at most ${totalPages}` },
    ]);
  }

  const products = found.rows.map((row) => toSummary(row, metal, query.braceletSize));
  const heading =
    filter.kind === 'category'
      ? `${pathMetal ? `${metal.name} ` : ''}${filter.category.categoryName}`
      : filter.kind === 'collection'
        ? filter.heading
        : route.kind === 'search' && route.term.trim()
          ? `Search results for “${correctedTerm ?? filter.term}”`
          : 'Search';
  const canonicalUrl = canonicalFor(route, filter, metal, pathMetal !== undefined, query.page);
  const listName = filter.kind === 'category' ? filter.category.categoryName : heading;
  const empty = products.length === 0;

  return {
    htmlHeadTitle: `${heading}${query.page > 1 ? ` (page ${query.page})` : ''} | ${context.storeName}`,
    htmlHeadMetaKeywords: [filter.kind === 'category' ? filter.category.categoryName : heading, metal.name, 'charms', 'charm bracelets', 'Rembrandt'].join(', '),
    htmlHeadMetaDescription:
      filter.kind === 'search'
        ? `${totalCount} charms and bracelets matching your search, in ${metal.name}. Free shipping, lifetime warranty.`
        : `Shop ${totalCount} ${listName.toLowerCase()} in ${metal.name}. Made in the USA, free shipping with no minimum, lifetime warranty.`,
    canonicalUrl,
    dataLayers: [listEvent(filter.kind === 'search' ? 'search' : 'list', listName, products, metal, filter.kind === 'search' ? filter.term : null)],
    listing: {
      kind: filter.kind,
      heading,
      category: filter.kind === 'category' ? { categoryName: filter.category.categoryName, urlFriendlyName: filter.category.urlFriendlyName } : null,
      searchTerm: filter.kind === 'search' ? filter.term : null,
      correctedTerm,
      metal: { id: metal.id, slug: metal.slug, name: metal.name },
      metalFromPath: pathMetal !== undefined,
      orderBy: order,
      orderOptions: filter.kind === 'search' ? ['Relevance', ...PRODUCT_ORDERS] : [...PRODUCT_ORDERS],
    },
    products,
    pagination: { page: query.page, pageSize: query.pageSize, totalCount, totalPages },
    suggestions: {
      didYouMean,
      popularCategories: empty ? await popularCategories(db) : [],
    },
  };
}

function canonicalFor(route: ListingRoute, filter: Filter, metal: Metal, metalInPath: boolean, page: number): string {
  const pageQuery = page > 1 ? `?page=${page}` : '';
  if (filter.kind === 'category') {
    return `/products/category/${metalInPath ? `${metal.slug}/` : ''}${filter.category.urlFriendlyName}${pageQuery}`;
  }
  if (filter.kind === 'collection') return `/girl-charm-bracelets${pageQuery}`;
  const term = route.kind === 'search' ? route.term.slice(0, 100) : '';
  return `/products/search/${metalInPath ? `${metal.slug}/` : ''}${encodeURIComponent(term)}${pageQuery}`;
}
