import { AUDITED_ENTITIES, type ActivityList, type AuditedEntityType, activityQuerySchema } from '@charms/contracts/admin-audit';
import { Form, Link, data } from 'react-router';
import { activityLines } from '../activity/change-lines';
import { adminApi } from '../admin-api.server';
import { formatDateTime } from '../format';
import { useTimeZone } from '../use-time-zone';
import type { Route } from './+types/activity';

export const meta: Route.MetaFunction = () => [{ title: 'Activity · Admin' }];
export { ErrorBoundary } from '../components/page-error';

const TYPE_LABELS: Record<AuditedEntityType, string> = {
  product: 'Product',
  photo: 'Photo',
  category: 'Category',
  promotion: 'Promotion',
  setting: 'Store settings',
};

/** Where an entity is edited, so a line of the trail leads to what it changed. */
const pageOf = (type: AuditedEntityType, id: string): string | null => {
  switch (type) {
    case 'product':
      return `/admin/products/${encodeURIComponent(id)}`;
    case 'photo':
      // A photo's trail is kept under its product's id: the product's photos page.
      return `/admin/products/${encodeURIComponent(id)}/photos`;
    case 'category':
      return `/admin/categories/${encodeURIComponent(id)}`;
    case 'promotion':
      return `/admin/promotions/${encodeURIComponent(id)}`;
    case 'setting':
      return '/admin/settings';
    default:
      return null;
  }
};

/** The line's subject, by its name now (a photo's entry names its product, whose id it carries); its id if it has none. */
const whatChanged = (type: AuditedEntityType, id: string, name: string | null): string => {
  if (type === 'setting') return TYPE_LABELS.setting;
  const called = name ?? `#${id}`;
  return type === 'photo' ? `Photos of ${called}` : called;
};

/** Every change to the catalog, photos, promotions and settings, newest first; the kind of change in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const url = new URL(request.url);
  const raw = { type: url.searchParams.get('type') || undefined, page: url.searchParams.get('page') || undefined };
  const parsed = activityQuerySchema.safeParse(raw);
  if (!parsed.success) return data({ type: raw.type ?? '', list: null }, { status: 400, headers: admin.headers() });
  const query = new URLSearchParams();
  if (parsed.data.type) query.set('type', parsed.data.type);
  query.set('page', String(parsed.data.page));
  const list = await admin.call<ActivityList>('GET', `/admin-activity?${query}`);
  return data({ type: parsed.data.type ?? '', list }, { headers: admin.headers() });
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { type, list } = loaderData;
  const pageLink = (page: number) => `?${new URLSearchParams({ ...(type ? { type } : {}), page: String(page) })}`;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Activity</h1>
      </div>
      <p className="admin-muted">Who changed the catalog, photos, promotions and store settings: when, from which address, and each field before and after.</p>
      <div role="search" className="admin-panel">
        <Form method="get" className="admin-inline-form">
          <div className="admin-field">
            <label htmlFor="activity-type">Show</label>
            <select id="activity-type" name="type" defaultValue={type}>
              <option value="">Every change</option>
              {AUDITED_ENTITIES.map((entity) => (
                <option key={entity} value={entity}>
                  {TYPE_LABELS[entity]} changes
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="admin-button">
            Show
          </button>
        </Form>
      </div>
      {list === null ? (
        <p className="admin-panel" role="alert">
          That filter is not one the list knows. <Link to="/admin/activity">Show every change</Link>.
        </p>
      ) : list.changes.length === 0 ? (
        <p className="admin-panel">{list.page > 1 ? 'No older changes.' : 'No changes yet.'}</p>
      ) : (
        <section className="admin-panel" aria-label="Changes, newest first">
          <ol className="admin-timeline">
            {list.changes.map((change) => {
              const href = pageOf(change.entityType, change.entityId);
              const what = whatChanged(change.entityType, change.entityId, change.entityName);
              const lines = activityLines(change, timeZone);
              return (
                <li key={change.id}>
                  <p className="admin-timeline__what">
                    {change.entityType === 'product' || change.entityType === 'category' || change.entityType === 'promotion' ? `${TYPE_LABELS[change.entityType]} ` : ''}
                    {href ? <Link to={href}>{what}</Link> : what} {change.action} by {change.actor}
                  </p>
                  <p className="admin-muted">
                    <time dateTime={change.at}>{formatDateTime(change.at, timeZone)}</time>
                    {change.ip ? ` · from ${change.ip}` : ''}
                  </p>
                  {lines.length === 0 ? null : (
                    <ul className="admin-changes">
                      {lines.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
          {list.page > 1 || list.hasMore ? (
            <nav aria-label="Pages of changes" className="admin-pagination">
              {list.page > 1 ? (
                <Link to={pageLink(list.page - 1)} rel="prev">
                  Newer changes
                </Link>
              ) : null}
              <span>Page {list.page}</span>
              {list.hasMore ? (
                <Link to={pageLink(list.page + 1)} rel="next">
                  Older changes
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}
