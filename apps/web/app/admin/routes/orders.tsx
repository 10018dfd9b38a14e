import { ORDER_SORTS, adminOrderListQuerySchema } from '@charms/contracts/admin-orders';
import { pageCount } from '@charms/domain/listing-pages';
import { ORDER_STATUSES } from '@charms/domain/order-status';
import { Form, Link, data, useNavigation } from 'react-router';
import { adminApi } from '../admin-api.server';
import { FilterProblems, Pagination, queryOf } from '../components/list-controls';
import { OrderTable } from '../components/order-table';
import { statusLabel } from '../format';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = () => [{ title: 'Orders · Admin' }];
export { ErrorBoundary } from '../components/page-error';

const FILTERS = ['q', 'status', 'from', 'to', 'sort'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

const SORT_LABELS: Record<(typeof ORDER_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Largest total first',
  total_asc: 'Smallest total first',
};

/**
 * The list's filters live in the URL (a filtered list can be bookmarked or shared): they are read with the API's
 * own schema, so a mistake (a date typed by hand) is said next to the filters instead of failing the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const url = new URL(request.url);
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const page = url.searchParams.get('page') ?? undefined;
  const parsed = adminOrderListQuerySchema.safeParse({ ...filters, ...(page ? { page } : {}) });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${FIELD_NAMES[String(issue.path[0])] ?? String(issue.path[0])} ${issue.message}`);
    return data({ filters, list: null, problems }, { headers: admin.headers() });
  }
  const list = await admin.listOrders({ ...filters, ...(page ? { page } : {}) });
  return data({ filters, list, problems: [] as string[] }, { headers: admin.headers() });
}

const FIELD_NAMES: Record<string, string> = { q: 'Search', status: 'Status', from: 'From', to: 'To', sort: 'Sort', page: 'Page' };

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { filters, list, problems } = loaderData;
  const loading = useNavigation().state === 'loading';
  const pages = list ? pageCount(list.total, list.pageSize) : 1;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Orders</h1>
        <a className="admin-button" href={`/api/admin-orders/export.csv${queryOf(filters)}`} download>
          Download CSV
        </a>
      </div>
      <div role="search" className="admin-panel">
        <Form method="get" className="admin-filters" key={queryOf(filters)}>
          <div className="admin-field admin-filters__search">
            <label htmlFor="orders-q">Search</label>
            <input id="orders-q" type="search" name="q" defaultValue={filters.q} aria-describedby="orders-q-hint" />
            <span className="admin-field__hint" id="orders-q-hint">
              Order number, email, name or phone.
            </span>
          </div>
          <div className="admin-field">
            <label htmlFor="orders-status">Status</label>
            <select id="orders-status" name="status" defaultValue={filters.status ?? ''}>
              <option value="">Any status</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="orders-from">Placed from</label>
            <input id="orders-from" type="date" name="from" defaultValue={filters.from} />
          </div>
          <div className="admin-field">
            <label htmlFor="orders-to">Placed to</label>
            <input id="orders-to" type="date" name="to" defaultValue={filters.to} />
          </div>
          <div className="admin-field">
            <label htmlFor="orders-sort">Sort</label>
            <select id="orders-sort" name="sort" defaultValue={filters.sort ?? 'newest'}>
              {ORDER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary">
              Show orders
            </button>
            <Link to="/admin/orders" className="admin-button">
              Clear
            </Link>
          </div>
        </Form>
      </div>
      <FilterProblems problems={problems} />
      {list ? (
        <section aria-labelledby="orders-found" aria-busy={loading}>
          <h2 id="orders-found">
            {list.total === 0 ? 'No orders match' : `${list.total} ${list.total === 1 ? 'order' : 'orders'}`}
            {list.total > list.pageSize ? `, page ${list.page} of ${pages}` : ''}
          </h2>
          <OrderTable orders={list.orders} caption="Orders matching the filters" empty="No orders match these filters. Clear them to see every order." />
          <Pagination label="Pages of orders" page={list.page} pages={pages} filters={filters} />
        </section>
      ) : null}
    </div>
  );
}
