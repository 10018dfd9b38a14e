import { Link, data } from 'react-router';
import { adminApi } from '../admin-api.server';
import { contentApi } from '../content/content-api.server';
import { formatDateTime } from '../format';
import '../content/content.css';
import type { Route } from './+types/content';
import { useTimeZone } from '../use-time-zone';

export const meta: Route.MetaFunction = () => [{ title: 'Content pages · Admin' }];
export { ErrorBoundary } from '../components/page-error';

/** The storefront's content pages (the pages shown at paths no other page claims), newest change first as the API lists them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const { pages } = await contentApi(admin).list();
  const deleted = new URL(request.url).searchParams.get('deleted');
  return data({ pages, deleted }, { headers: admin.headers() });
}

export default function ContentPages({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { pages, deleted } = loaderData;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Content pages</h1>
        <Link to="/admin/content/edit" className="admin-button admin-button--primary">
          New page
        </Link>
      </div>
      {deleted ? (
        <p className="admin-message admin-message--ok" role="status">
          The page at {deleted} is deleted: the storefront shows “not found” there now.
        </p>
      ) : null}
      {pages.length === 0 ? (
        <p className="admin-panel">No content pages yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>{pages.length === 1 ? '1 page' : `${pages.length} pages`}</caption>
            <thead>
              <tr>
                <th scope="col">Path</th>
                <th scope="col">Title</th>
                <th scope="col">Updated</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr key={page.path}>
                  <td className="content-list__path">
                    <Link to={`/admin/content/edit?${new URLSearchParams({ path: page.path })}`} aria-label={`Edit ${page.path}`}>
                      {page.path}
                    </Link>
                  </td>
                  <td>{page.title}</td>
                  <td>
                    <time dateTime={page.updatedAt}>{formatDateTime(page.updatedAt, timeZone)}</time>
                  </td>
                  <td>{page.updatedBy ?? <span className="admin-muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
