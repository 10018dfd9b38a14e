import { formatCents } from '@charms/domain/money';
import { Link, data, useRouteLoaderData } from 'react-router';
import { adminApi } from '../admin-api.server';
import { formatDateTime } from '../format';
import { STATUS_WORDS, discountText } from '../promotions/promotion-form';
import { promotionsApi } from '../promotions/promotions-api.server';
import '../promotions/promotions.css';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/promotions';
import { useTimeZone } from '../use-time-zone';

export const meta: Route.MetaFunction = () => [{ title: 'Promotions · Admin' }];
export { ErrorBoundary } from '../components/page-error';

/** Every promo code, newest first: its discount, dates, status, uses and the revenue of its orders. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const { promotions } = await promotionsApi(admin).list();
  return data({ promotions }, { headers: admin.headers() });
}

const when = (startsAt: string | null, endsAt: string | null, timeZone: string) => {
  if (!startsAt && !endsAt) return 'No end date';
  if (!endsAt) return `From ${formatDateTime(startsAt!, timeZone)}`;
  if (!startsAt) return `Until ${formatDateTime(endsAt, timeZone)}`;
  return `${formatDateTime(startsAt, timeZone)} – ${formatDateTime(endsAt, timeZone)}`;
};

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { promotions } = loaderData;
  const isOwner = useRouteLoaderData<typeof layoutLoader>('admin')?.staff.role === 'owner';
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Promotions</h1>
        {isOwner ? (
          <Link to="/admin/promotions/new" className="admin-button admin-button--primary">
            New promotion
          </Link>
        ) : null}
      </div>
      {isOwner ? null : <p className="admin-muted">Only an owner can create or change promotions.</p>}
      {promotions.length === 0 ? (
        <p className="admin-panel">No promotions yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table promo-table">
            <caption>
              {promotions.length === 1 ? '1 promotion' : `${promotions.length} promotions`}. Revenue: the totals of orders placed with the code, less refunds; cancelled orders left out.
            </caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">When</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Uses
                </th>
                <th scope="col" className="num">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {promotions.map((promotion) => (
                <tr key={promotion.id}>
                  <td>
                    <Link to={`/admin/promotions/${promotion.id}`} className="promo-code">
                      {promotion.code}
                    </Link>
                    <div className="admin-muted">{promotion.description}</div>
                  </td>
                  <td>{discountText(promotion)}</td>
                  <td>{when(promotion.startsAt, promotion.endsAt, timeZone)}</td>
                  <td>
                    <span className={`admin-badge admin-badge--promo-${promotion.status}`}>{STATUS_WORDS[promotion.status]}</span>
                  </td>
                  <td className="num">
                    {promotion.uses}
                    {promotion.maxUses === null ? '' : ` of ${promotion.maxUses}`}
                  </td>
                  <td className="num">{formatCents(promotion.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
