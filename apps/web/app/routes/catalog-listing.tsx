import type { ProductListResponse } from '@charms/contracts/catalog';
import { descriptionParagraphs } from '@charms/domain/category-admin';
import { parseListingPath } from '@charms/domain/catalog-paths';
import { METALS } from '@charms/domain/metals';
import { MAX_SEARCH_MATCHES_PAGED } from '@charms/domain/listing-pages';
import { formatCount } from '@charms/domain/money';
import { BRACELET_SIZES, PRODUCT_ORDER_LABELS } from '@charms/domain/session-options';
import { Form, Link, data, isRouteErrorResponse, redirect, useLocation, useNavigate } from 'react-router';
import { ListingFiltersForm, clearFiltersHref } from '../catalog/listing-filters';
import {
  type ListingOrderChoice,
  MAX_SEARCH_CHARACTERS,
  hasFilters,
  isProductOrder,
  listingBase,
  listingHref,
  listingPathInMetal,
  pageWindow,
  readListingChoices,
  searchHref,
} from '../catalog/listing-url';
import type { DataLayersHandle } from '../lib/analytics';
import { apiErrorBody, apiErrorStatus } from '../lib/api-status';
import { withListItems, withoutListItems } from '../catalog/list-items';
import { ProductGrid, toProductCard } from '../catalog/product-grid';
import { categorySlugOf, movedCategoryHref } from '../catalog/moved-category';
import { rememberChoicesHeaders, useRememberChoices } from '../catalog/remember-choices';
import { NotFound } from '../components/not-found';
import { seoMeta } from '../lib/seo';
import { readShopperPrefs } from '../lib/shopper-prefs';
import '../styles/catalog.css';
import '../styles/catalog-filters.css';
import type { Route } from './+types/catalog-listing';
import { sharedPage } from '../lib/shared-page';
import { pathOnThisSite } from '../lib/site-path';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle: typeof sharedPage & DataLayersHandle<Route.ComponentProps['loaderData']> = {
  ...sharedPage,
  dataLayers: ({ seo, products, listing }) => withListItems(seo.dataLayers, products, listing.metal.name),
};

// Search result pages and filtered listings are for shoppers, not for search engines' indexes (a filtered listing's
// canonical is the listing itself); their links are still followed.
export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  seoMeta(loaderData, matches, loaderData?.listing.kind === 'search' || loaderData?.filtered ? 'noindex, follow' : undefined);

const ORDER_LABELS: Record<ListingOrderChoice, string> = { ...PRODUCT_ORDER_LABELS, Relevance: 'Best match' };

/**
 * Category and search listings and the whole catalog: /products/category/{metal?}/{slug},
 * /categories/{metal?}/{slug}, /products/search/{metal?}/{term}, /products/search?q= (which redirects to the path
 * form) and /products/{metal?}. Each can be narrowed by ?kind= and ?minPrice=/?maxPrice= (listing-filters.tsx).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const base = listingBase(url.pathname);
  redirectToCleanSearch(url);

  const { choices, cleaned, priceProblems } = readListingChoices(url.searchParams);
  if (cleaned) throw redirect(listingHref(url.pathname, cleaned, {}));

  const prefs = readShopperPrefs(request);
  const size = choices.size ?? prefs.braceletSize;
  const query = {
    path: url.pathname,
    q: url.searchParams.get('q') ?? undefined,
    metalId: prefs.metalId,
    braceletSize: size,
    // Category pages keep the shopper's sort; a search is by best match unless the URL says otherwise.
    orderBy: choices.orderBy ?? (base === '/products/search' ? undefined : prefs.productsOrderBy),
    page: choices.page,
    kind: choices.kind,
    minPrice: choices.minPrice,
    maxPrice: choices.maxPrice,
  };

  let response: ProductListResponse;
  try {
    response = await context.api.getProducts(query);
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === 404) await redirectFromOldSlug(url, context.api);
    // A path or search the API refuses (a control character, a broken escape) names no listing we have.
    if (status === 404 || (status === 400 && !isPageProblem(error))) throw data(null, { status: 404 });
    if (status !== 400 || !choices.page) throw error;
    // Past the last page (the catalog changed, or a hand-written URL): go to the last page there is.
    response = await context.api.getProducts({ ...query, page: undefined });
    if (response.pagination.totalPages < choices.page) {
      throw redirect(listingHref(url.pathname, url.searchParams, { page: response.pagination.totalPages }));
    }
  }

  const { listing, products, pagination, suggestions, htmlHeadTitle, htmlHeadMetaDescription, htmlHeadMetaKeywords, canonicalUrl, dataLayers } = response;
  const stated = {
    metalId: listing.metalFromPath ? listing.metal.id : undefined,
    braceletSize: choices.size,
    productsOrderBy: isProductOrder(choices.orderBy) ? choices.orderBy : undefined,
  };
  return data(
    {
      // The list's items are built again in the browser from the products (the handle, above).
      seo: { htmlHeadTitle, htmlHeadMetaDescription, htmlHeadMetaKeywords, canonicalUrl, dataLayers: withoutListItems(dataLayers) },
      listing,
      products: products.map(toProductCard),
      pagination,
      suggestions,
      base,
      braceletSize: size,
      hasBracelets: products.some((product) => /\/\d+(\.\d)?-inch\//.test(product.path)),
      stated,
      filtered: hasFilters(url.searchParams),
      priceProblems,
    },
    { headers: rememberChoicesHeaders(request, prefs, stated) },
  );
}

/** A renamed category's old URL: 301 to the same listing under its new slug (metal, page and filters kept). */
async function redirectFromOldSlug(url: URL, api: Route.LoaderArgs['context']['api']): Promise<void> {
  const slug = categorySlugOf(url.pathname);
  if (!slug) return;
  let moved: { urlFriendlyName: string };
  try {
    moved = await api.findMovedCategory(slug);
  } catch (error) {
    if (apiErrorStatus(error) === 404 || apiErrorStatus(error) === 400) return;
    throw error;
  }
  const href = movedCategoryHref(url, moved.urlFriendlyName);
  if (href) throw redirect(href, 301);
}

/** /products/search?q=dog goes to /products/search/dog; words beyond 100 characters are cut. */
function redirectToCleanSearch(url: URL): void {
  if (!url.pathname.startsWith('/products/search')) return;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete('q');
  if (url.pathname.replace(/\/+$/, '') === '/products/search') {
    const href = searchHref(url.searchParams.get('q') ?? '');
    if (href) throw redirect(listingHref(href, rest, {}));
    return;
  }
  const route = parseListingPath(url.pathname);
  if (route?.kind === 'search' && [...route.term].length > MAX_SEARCH_CHARACTERS) {
    const href = searchHref(route.term, route.metalSlug);
    if (href) throw redirect(listingHref(href, rest, {}));
  }
}

export default function CatalogListing({ loaderData }: Route.ComponentProps) {
  const { listing, products, pagination, suggestions, base, braceletSize, hasBracelets, stated, filtered, priceProblems } = loaderData;
  useRememberChoices(stated);
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const isSearch = listing.kind === 'search';
  const firstShown = (pagination.page - 1) * pagination.pageSize + 1;

  return (
    <div className="page catalog">
      <h1 className="catalog__heading">{listing.heading}</h1>
      {listing.description ? (
        <div className="catalog__description">
          {descriptionParagraphs(listing.description).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ) : null}
      {isSearch && listing.correctedTerm ? (
        <p className="catalog__note">
          Showing results for <strong>{listing.correctedTerm}</strong> (no results for <em>{listing.searchTerm}</em>).
        </p>
      ) : null}
      {suggestions.didYouMean ? (
        <p className="catalog__note">
          Did you mean <Link to={searchHref(suggestions.didYouMean, listing.metalFromPath ? listing.metal.slug : null) ?? '/products/search'}>{suggestions.didYouMean}</Link>?
        </p>
      ) : null}

      {products.length === 0 && !filtered ? (
        <EmptyListing term={listing.searchTerm ?? ''} popular={suggestions.popularCategories} />
      ) : (
        <>
          <p className="catalog__count" role="status">
            {pagination.totalCount === 0
              ? 'No products'
              : pagination.totalPages > 1
                ? `Showing ${formatCount(firstShown)}–${formatCount(firstShown + products.length - 1)} of ${formatCount(pagination.totalCount)} products`
                : `${formatCount(pagination.totalCount)} ${pagination.totalCount === 1 ? 'product' : 'products'}`}{' '}
            in {listing.metal.name}
            {listing.filters.active ? ' match your filters' : ''}
          </p>
          <div className="catalog-toolbar">
            <MetalChoice listing={listing} base={base} params={params} />
            {hasBracelets ? <SizeChoice pathname={location.pathname} params={params} current={braceletSize} /> : null}
            <SortForm pathname={location.pathname} params={params} current={listing.orderBy} options={listing.orderOptions} />
          </div>
          <ListingFiltersForm pathname={location.pathname} params={params} filters={listing.filters} priceProblems={priceProblems} />
          {products.length === 0 ? (
            <section className="catalog-empty" aria-labelledby="catalog-empty-heading">
              <h2 id="catalog-empty-heading">No products match these filters</h2>
              <p>
                Try another kind or a wider price range, or <Link to={clearFiltersHref(location.pathname, params)}>clear the filters</Link> to see
                everything here.
              </p>
            </section>
          ) : (
            <>
              <h2 className="catalog-sr-only">Products</h2>
              <ProductGrid products={products} metalName={listing.metal.name} label="Products" />
              <Pagination pathname={location.pathname} params={params} page={pagination.page} totalPages={pagination.totalPages} />
              {pagination.limited && pagination.page === pagination.totalPages ? (
                <p className="catalog__note catalog__note--limited">
                  A search shows its first {formatCount(MAX_SEARCH_MATCHES_PAGED)} of the {formatCount(pagination.totalCount)} products it finds. To see others, add a
                  word to the search, or choose a kind or a price range.
                </p>
              ) : null}
            </>
          )}
        </>
      )}
    </div>
  );
}

type ListingView = ProductListResponse['listing'];

/** Links to the same listing in each metal (a path segment, so each is a page of its own). */
function MetalChoice({ listing, base, params }: { listing: ListingView; base: ReturnType<typeof listingBase>; params: URLSearchParams }) {
  if (!listingPathInMetal(listing, base, METALS[0].slug)) return null;
  return (
    <nav aria-label="Metal" className="catalog-choice">
      <span className="catalog-choice__label" aria-hidden="true">
        Metal
      </span>
      <ul>
        {METALS.map((metal) => {
          const path = listingPathInMetal(listing, base, metal.slug)!;
          return (
            <li key={metal.id}>
              <Link to={listingHref(path, params, { page: undefined })} aria-current={metal.id === listing.metal.id ? 'true' : undefined} preventScrollReset>
                {metal.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Bracelet lengths: the length the bracelets' links open in (and the shopper's remembered size). */
function SizeChoice({ pathname, params, current }: { pathname: string; params: URLSearchParams; current: number }) {
  return (
    <nav aria-label="Bracelet length" className="catalog-choice">
      <span className="catalog-choice__label" aria-hidden="true">
        Bracelet length
      </span>
      <ul>
        {BRACELET_SIZES.map((size) => (
          <li key={size}>
            <Link to={listingHref(pathname, params, { size, page: undefined })} aria-current={size === current ? 'true' : undefined} preventScrollReset>
              {size}″<span className="catalog-sr-only"> inches</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A GET form, so sorting works without JavaScript; the page starts again at 1. */
function SortForm({ pathname, params, current, options }: { pathname: string; params: URLSearchParams; current: ListingOrderChoice; options: readonly ListingOrderChoice[] }) {
  return (
    <Form method="get" action={pathname} className="catalog-sort" preventScrollReset>
      <label htmlFor="catalog-sort">Sort by</label>
      <select id="catalog-sort" name="orderBy" defaultValue={current} key={current}>
        {options.map((option) => (
          <option key={option} value={option}>
            {ORDER_LABELS[option]}
          </option>
        ))}
      </select>
      {(['size', 'kind', 'minPrice', 'maxPrice'] as const).map((name) => {
        const value = params.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <button type="submit" className="catalog-button">
        Sort
      </button>
    </Form>
  );
}

function Pagination({ pathname, params, page, totalPages }: { pathname: string; params: URLSearchParams; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const href = (target: number) => listingHref(pathname, params, { page: target });
  return (
    <nav aria-label="Pages" className="catalog-pages">
      <ul>
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className="catalog-pages__step">
              Previous<span className="catalog-sr-only"> page</span>
            </Link>
          </li>
        ) : null}
        {pageWindow(page, totalPages).map((target, index) =>
          target === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="catalog-pages__gap">
              …
            </li>
          ) : (
            <li key={target}>
              {target === page ? (
                <span aria-current="page" aria-label={`Page ${target}`} className="catalog-pages__current">
                  {target}
                </span>
              ) : (
                <Link to={href(target)} aria-label={`Page ${target}`}>
                  {target}
                </Link>
              )}
            </li>
          ),
        )}
        {page < totalPages ? (
          <li>
            <Link to={href(page + 1)} rel="next" className="catalog-pages__step">
              Next<span className="catalog-sr-only"> page</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** No products: say so plainly, and offer a way on (search again, popular categories, every category). */
function EmptyListing({ term, popular }: { term: string; popular: ProductListResponse['suggestions']['popularCategories'] }) {
  return (
    <section className="catalog-empty" aria-labelledby="catalog-empty-heading">
      <h2 id="catalog-empty-heading">{term.trim() ? <>We found no charms matching “{term}”</> : 'What are you looking for?'}</h2>
      {term.trim() ? <p>Check the spelling, try fewer or more general words (“dog” rather than “golden retriever puppy”), or browse below.</p> : null}
      <CatalogSearchForm defaultValue={term} />
      {popular.length > 0 ? (
        <>
          <h2>Popular categories</h2>
          <ul className="catalog-links">
            {popular.map((category) => (
              <li key={category.urlFriendlyName}>
                <Link to={`/products/category/${category.urlFriendlyName}`}>{category.categoryName}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <Link to="/categories">Browse all charm categories</Link>
      </p>
    </section>
  );
}

/** A search form in the page: a GET to /products/search?q= without JavaScript, straight to the results with it. */
function CatalogSearchForm({ defaultValue }: { defaultValue: string }) {
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      action="/products/search"
      role="search"
      aria-label="Search the catalog"
      className="catalog-search"
      onSubmit={(event) => {
        const words = new FormData(event.currentTarget).get('q');
        const href = searchHref(typeof words === 'string' ? words : '');
        event.preventDefault();
        if (href) navigate(href);
      }}
    >
      <label htmlFor="catalog-search-q">Search for charms</label>
      <input id="catalog-search-q" name="q" type="search" defaultValue={defaultValue} key={defaultValue} enterKeyHint="search" />
      <button type="submit" className="catalog-button">
        Search
      </button>
    </Form>
  );
}

/** Whether the API refused only the page number (past the last page), which the loader answers with a redirect. */
function isPageProblem(error: unknown): boolean {
  const details = apiErrorBody(error)?.details;
  return Array.isArray(details) && details.length > 0 && details.every((detail: { field?: unknown }) => detail.field === 'page');
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const route = parseListingPath(location.pathname);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 503 && route?.kind === 'search') return <SearchBusy term={route.term} again={pathOnThisSite(location.pathname + location.search)} />;
  throw error;
}

/**
 * A search the shop could not answer for a moment (503: its searches were all busy, or this one ran past its time,
 * decision 0052). Said as the shop's other 503 page says it, with what helps a search in particular, and the search
 * box to try again with other words. Nothing caches it (the page cache keeps only 200s).
 */
function SearchBusy({ term, again }: { term: string; again: string }) {
  return (
    <div className="page catalog">
      <h1>We'll be back in a moment</h1>
      <p>
        This search took the shop longer than it should, and nothing was changed. Please try again in a few seconds. A search with fewer or more
        specific words (“dog” rather than “cute charm of a dog”) is answered sooner.
      </p>
      <CatalogSearchForm defaultValue={term} />
      <p>
        <a href={again}>Try again</a> · <Link to="/categories">Browse all charm categories</Link>
      </p>
    </div>
  );
}
