import type { AdminOrderSummary } from '@charms/contracts/admin-orders';
import { Link } from 'react-router';
import { formatDateTime, formatDay } from '../format';
import { StatusBadge } from './status-badge';
import { useTimeZone } from '../use-time-zone';

/** Orders in a table: number (to the order), placed, customer, status, ship date, total. */
export function OrderTable({ orders, caption, empty }: { orders: AdminOrderSummary[]; caption: string; empty: string }) {
  const timeZone = useTimeZone();
  if (orders.length === 0) return <p className="admin-panel admin-muted">{empty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col">Ships</th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                {order.source === 'phone' ? <span className="admin-muted"> · phone</span> : null}
              </th>
              <td>{formatDateTime(order.placedAt, timeZone)}</td>
              <td>
                {order.customerName}
                <br />
                <span className="admin-muted">{order.email}</span>
              </td>
              <td>
                <StatusBadge status={order.status} />
              </td>
              <td>{formatDay(order.estimatedShipDate)}</td>
              <td className="num">
                {order.total.display}
                {order.refunded.cents > 0 ? (
                  <>
                    <br />
                    <span className="admin-muted">−{order.refunded.display} refunded</span>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
