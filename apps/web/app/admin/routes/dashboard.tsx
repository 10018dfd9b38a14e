import { Link, data } from 'react-router';
import { adminApi } from '../admin-api.server';
import { OrderTable } from '../components/order-table';
import { formatDay, formatTime } from '../format';
import type { Route } from './+types/dashboard';
import { useTimeZone } from '../use-time-zone';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Admin' }];
export { ErrorBoundary } from '../components/page-error';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const dashboard = await admin.dashboard();
  return data({ dashboard, cutoffPassed: Date.now() > Date.parse(dashboard.sameDayCutoff) }, { headers: admin.headers() });
}

/** What a day at the shop starts with: what to ship today and by when, today's sales, payments awaited, recent orders. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { dashboard, cutoffPassed } = loaderData;
  const { toShip, salesToday, awaitingPayment } = dashboard;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Dashboard</h1>
        <p className="admin-muted">{formatDay(dashboard.today)}</p>
      </div>
      <div className="admin-grid">
        <section className="admin-panel" aria-labelledby="to-ship">
          <h2 id="to-ship">To ship</h2>
          <p className="admin-stat">{toShip.count}</p>
          <p>
            {toShip.dueToday} due today.{' '}
            {cutoffPassed
              ? `Same-day shipping closed at ${formatTime(dashboard.sameDayCutoff, timeZone)}.`
              : `Same-day shipping closes at ${formatTime(dashboard.sameDayCutoff, timeZone)}.`}
          </p>
          <p>
            <Link to="/admin/orders?status=paid&sort=oldest">Paid orders, oldest first</Link>
          </p>
        </section>
        <section className="admin-panel" aria-labelledby="sales-today">
          <h2 id="sales-today">Today's sales</h2>
          <p className="admin-stat">{salesToday.total.display}</p>
          <p>
            {salesToday.count} {salesToday.count === 1 ? 'order' : 'orders'} placed today.
          </p>
        </section>
        <section className="admin-panel" aria-labelledby="awaiting-payment">
          <h2 id="awaiting-payment">Awaiting payment</h2>
          <p className="admin-stat">{awaitingPayment}</p>
          <p>
            <Link to="/admin/orders?status=awaiting_payment">Orders waiting for a check</Link>
          </p>
        </section>
      </div>
      <section aria-labelledby="ship-list">
        <h2 id="ship-list">Orders to ship</h2>
        <OrderTable orders={toShip.orders} caption="Orders to ship, the oldest first" empty="Nothing to ship: every paid order has gone out." />
      </section>
      <section aria-labelledby="recent">
        <div className="admin-page__head">
          <h2 id="recent">Recent orders</h2>
          <Link to="/admin/orders">All orders</Link>
        </div>
        <OrderTable orders={dashboard.recentOrders} caption="Recent orders, the newest first" empty="No orders yet." />
      </section>
    </div>
  );
}
