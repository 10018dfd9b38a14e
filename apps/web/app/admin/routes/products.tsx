import { PRODUCT_AVAILABILITIES, adminProductListQuerySchema } from '@charms/contracts/admin-products';
import { pageCount } from '@charms/domain/listing-pages';
import { formatCents } from '@charms/domain/money';
import { Form, Link, data, useNavigation } from 'react-router';
import { adminApi } from '../admin-api.server';
import { FilterProblems, Pagination, queryOf } from '../components/list-controls';
import { productsApi } from '../products/products-api.server';
import '../products/products.css';
import type { Route } from './+types/products';

export const meta: Route.MetaFunction = () => [{ title: 'Products · Admin' }];
export { ErrorBoundary } from '../components/page-error';

const FILTERS = ['q', 'category', 'metal', 'availability'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;
const FIELD_NAMES: Record<string, string> = { q: 'Search', category: 'Category', metal: 'Metal', availability: 'Availability', page: 'Page' };
const AVAILABILITY_LABELS: Record<(typeof PRODUCT_AVAILABILITIES)[number], string> = {
  'on-sale': 'On sale',
  unavailable: 'A metal sold out',
  retired: 'Retired',
  all: 'All, retired too',
};

/** The filters live in the URL (bookmarkable), read with the API's own schema so a mistake is said beside them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const products = productsApi(admin);
  const url = new URL(request.url);
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const page = url.searchParams.get('page') ?? undefined;
  const query = { ...filters, ...(page ? { page } : {}) };
  const options = await products.options();
  const parsed = adminProductListQuerySchema.safeParse(query);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${FIELD_NAMES[String(issue.path[0])] ?? String(issue.path[0])} ${issue.message}`);
    return data({ filters, options, list: null, problems }, { headers: admin.headers() });
  }
  return data({ filters, options, list: await products.list(query), problems: [] as string[] }, { headers: admin.headers() });
}

/** "$55.95 – $495.95 in 5 metals", and the metals sold out, if any: one line per product, however many metals. */
function pricesText(prices: { metalName: string; priceCents: number; available: boolean }[]): string {
  if (prices.length === 0) return 'No price';
  const cents = prices.map((price) => price.priceCents);
  const low = Math.min(...cents);
  const high = Math.max(...cents);
  const range = low === high ? formatCents(low) : `${formatCents(low)} – ${formatCents(high)}`;
  const soldOut = prices.filter((price) => !price.available).map((price) => price.metalName);
  return `${range} in ${prices.length === 1 ? prices[0]!.metalName : `${prices.length} metals`}${soldOut.length ? `; sold out in ${soldOut.join(', ')}` : ''}`;
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { filters, options, list, problems } = loaderData;
  const loading = useNavigation().state === 'loading';
  const pages = list ? pageCount(list.total, list.pageSize) : 1;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Products</h1>
        <div className="admin-actions">
          <Link to="/admin/products/import" className="admin-button">
            Import or export CSV
          </Link>
          <Link to="/admin/products/new" className="admin-button admin-button--primary">
            New product
          </Link>
        </div>
      </div>
      <div role="search" className="admin-panel">
        <Form method="get" className="admin-filters product-filters" key={queryOf(filters)}>
          <div className="admin-field admin-filters__search">
            <label htmlFor="products-q">Search</label>
            <input id="products-q" type="search" name="q" defaultValue={filters.q} aria-describedby="products-q-hint" />
            <span className="admin-field__hint" id="products-q-hint">
              Words of the name, the slug, or the product number.
            </span>
          </div>
          <div className="admin-field">
            <label htmlFor="products-category">Category</label>
            <select id="products-category" name="category" defaultValue={filters.category ?? ''}>
              <option value="">Any category</option>
              {options.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="products-metal">Metal</label>
            <select id="products-metal" name="metal" defaultValue={filters.metal ?? ''}>
              <option value="">Any metal</option>
              {options.metals.map((metal) => (
                <option key={metal.slug} value={metal.slug}>
                  {metal.name}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="products-availability">Availability</label>
            <select id="products-availability" name="availability" defaultValue={filters.availability ?? 'on-sale'}>
              {PRODUCT_AVAILABILITIES.map((availability) => (
                <option key={availability} value={availability}>
                  {AVAILABILITY_LABELS[availability]}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary">
              Show products
            </button>
            <Link to="/admin/products" className="admin-button">
              Clear
            </Link>
          </div>
        </Form>
      </div>
      <FilterProblems problems={problems} />
      {list ? (
        <section aria-labelledby="products-found" aria-busy={loading}>
          <h2 id="products-found">
            {list.total === 0 ? 'No products match' : `${list.total} ${list.total === 1 ? 'product' : 'products'}`}
            {list.total > list.pageSize ? `, page ${list.page} of ${pages}` : ''}
          </h2>
          {list.products.length === 0 ? (
            <p className="admin-panel">No products match these filters. Clear them to see every product on sale.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">Products matching the filters</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Primary category</th>
                    <th scope="col">Prices</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {list.products.map((product) => (
                    <tr key={product.id}>
                      <td>
                        <Link to={`/admin/products/${product.id}`}>{product.name}</Link>
                        <div className="admin-muted">
                          No. {product.id} · {product.kind === 'bracelet' ? 'Bracelet' : 'Charm'}
                        </div>
                      </td>
                      <td>{product.primaryCategory.name}</td>
                      <td>{pricesText(product.prices)}</td>
                      <td>
                        {product.retiredAt ? (
                          <span className="admin-badge admin-badge--product-retired">Retired</span>
                        ) : product.prices.some((price) => !price.available) ? (
                          <span className="admin-badge admin-badge--product-sold-out">Partly sold out</span>
                        ) : (
                          <span className="admin-badge admin-badge--product-on-sale">On sale</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination label="Pages of products" page={list.page} pages={pages} filters={filters} />
        </section>
      ) : null}
    </div>
  );
}
