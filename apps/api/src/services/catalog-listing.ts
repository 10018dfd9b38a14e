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

type Filter =
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

function orderSql(order: ListingOrder, filter: Filter): SQL {
  const availableFirst = sql`(pp.price_cents is null)`;
  switch (order) {
    case 'PriceLowHigh':
      return sql`${availableFirst}, pp.price_cents asc, p.name asc, p.id`;
    case 'PriceHighLow':
      return sql`${availableFirst}, pp.price_cents desc, p.name asc, p.id`;
    case 'Newest':
      return sql`${availableFirst}, p.created_at desc, p.id`;
    case 'BestSelling':
      return sql`${availableFirst}, p.units_sold desc, p.id`;
    case 'Relevance':
      return filter.kind === 'search' ? sql`${availableFirst}, rank desc, p.units_sold desc, p.id` : sql`${availableFirst}, p.units_sold desc, p.id`;
    default:
      return sql`${availableFirst}, p.name asc, p.id`;
  }
}

/** One query: the page's rows and the total count (window), for a category, a collection or a search. */
async function fetchPage(db: Db, filter: Filter, metal: Metal, order: ListingOrder, page: number, pageSize: number) {
  const searchText = filter.kind === 'search' ? filter.words.join(' ') : '';
  const rank =
    filter.kind === 'search'
      ? sql`ts_rank_cd(p.search_vector, plainto_tsquery('english', ${searchText})) + word_similarity(${searchText}, p.name)`
      : sql`0`;
  const where =
    filter.kind === 'category'
      ? sql`p.id in (select product_id from product_categories where category_id = ${filter.category.id})`
      : filter.kind === 'collection'
        ? sql`p.collections @> array[${filter.collection}]::text[]`
        : filter.words.length === 0
          ? sql`pp.price_cents is not null`
          : sql`(p.search_vector @@ plainto_tsquery('english', ${searchText}) or ${searchText} <% p.name)`;
  const result = await queryRows<SummaryRow & { rank: number; total: number }>(db,sql`
    select p.id, p.name, p.slug, p.kind, p.brand, p.shape, p.sizes, p.is_photo_art as "isPhotoArt",
           p.engraving_max_chars as "engravingMaxChars", c.url_friendly_name as "primaryCategorySlug",
           pp.price_cents as "priceCents", ${rank} as rank, count(*) over () as total
    from products p
    join categories c on c.id = p.primary_category_id
    left join product_prices pp on pp.product_id = p.id and pp.metal_id = ${metal.id}
    where ${where}
    order by ${orderSql(order, filter)}
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return result.map((row) => ({ ...row, total: Number(row.total), sizes: row.sizes ?? [] }));
}

async function countOnly(db: Db, filter: Filter, metal: Metal): Promise<number> {
  const rows = await fetchPage(db, filter, metal, 'Name', 1, 1);
  return rows[0]?.total ?? 0;
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
  let rows = filter.kind === 'search' && !hasSearch ? [] : await fetchPage(db, filter, metal, order, query.page, query.pageSize);
  // Misspelled words: when the words as typed find nothing, show results for the corrected words;
  // when they find something, offer the correction as "did you mean".
  let correctedTerm: string | null = null;
  let didYouMean: string | null = null;
  if (filter.kind === 'search' && filter.words.length > 0) {
    const corrected = correctWords(filter.words, await context.vocabulary());
    if (corrected) {
      const foundAsTyped = rows.length > 0 || (query.page > 1 && (await countOnly(db, filter, metal)) > 0);
      if (foundAsTyped) didYouMean = corrected.join(' ');
      else {
        filter = { ...filter, words: corrected };
        rows = await fetchPage(db, filter, metal, order, query.page, query.pageSize);
        correctedTerm = rows.length > 0 || query.page > 1 ? corrected.join(' ') : null;
      }
    }
  }

  const totalCount = rows[0]?.total ?? (query.page > 1 && (filter.kind !== 'search' || hasSearch) ? await countOnly(db, filter, metal) : 0);
  const totalPages = Math.max(1, Math.ceil(totalCount / query.pageSize));
  if (query.page > totalPages) {
    throw new HttpError(400, 'VALIDATION_ERROR', `page ${query.page} is past the last page (${totalPages})`, [
      { field: 'page', message: `must be at most ${totalPages}` },
    ]);
  }

  const products = rows.map((row) => toSummary(row, metal, query.braceletSize));
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
