import { adminOrderParamsSchema } from '@charms/contracts/admin-orders';
import { Link, data } from 'react-router';
import { adminApi } from '../admin-api.server';
import { CancelForm, MarkPaidForm, NoteForm, RefundForm, ResendForm, ShipForm } from '../components/order-forms';
import { AddressLines } from '../../checkout/address-lines';
import { OrderLines, OrderTotals, PaymentDetails, ShippingDetails, Timeline } from '../components/order-view';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../format';
import { resultFor } from '../form-result';
import { orderAction } from '../order-actions.server';
import '../../styles/engraving-fonts.css';
import type { Route } from './+types/order-detail';
import { useTimeZone } from '../use-time-zone';

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: `${loaderData?.detail.order.number ?? 'Order'} · Admin` }];
export { ErrorBoundary } from '../components/page-error';

const notFound = () => data({ error: { code: 'NOT_FOUND', message: 'There is no order with this address. Find it in the orders list.' } }, { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!adminOrderParamsSchema.safeParse(params).success) throw notFound();
  const admin = adminApi(request, context);
  const detail = await admin.getOrder(params.id);
  return data({ detail }, { headers: admin.headers() });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (!adminOrderParamsSchema.safeParse(params).success) throw notFound();
  const admin = adminApi(request, context);
  return orderAction(admin, params.id, await request.formData());
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { detail } = loaderData;
  const { order } = detail;
  const allowed = new Set(detail.allowedActions);
  const form = (intent: string) => resultFor(actionData, intent);
  const shown = new Set<string>([...detail.allowedActions, 'note', 'resend']);
  return (
    <div className="admin-page">
      <p className="admin-no-print">
        <Link to="/admin/orders">← Orders</Link>
      </p>
      <div className="admin-page__head">
        <h1>
          Order {order.number} <StatusBadge status={order.status} />
        </h1>
        <div className="admin-actions">
          <Link className="admin-button" to={`/admin/orders/${detail.id}/packing-slip`}>
            Packing slip
          </Link>
        </div>
      </div>
      <p className="admin-muted">
        Placed {formatDateTime(order.placedAt, timeZone)} {detail.source === 'phone' ? `by phone${detail.placedBy ? ` (taken by ${detail.placedBy})` : ''}` : 'on the website'}
        {detail.cancelledAt ? ` · cancelled ${formatDateTime(detail.cancelledAt, timeZone)}` : ''}
      </p>
      <div role="status">
        {actionData?.ok ? <p className="admin-message admin-message--ok">{actionData.message}</p> : null}
      </div>
      {actionData && !actionData.ok && !shown.has(actionData.intent) ? (
        // A form that is no longer shown (the order changed meanwhile): its refusal is said here.
        <p className="admin-message admin-message--error" role="alert">
          {actionData.message}
        </p>
      ) : null}

      <div className="admin-order">
        <div className="admin-order__main">
          <OrderLines order={order} orderId={detail.id} />
          <section className="admin-panel" aria-labelledby="totals">
            <h2 id="totals">Totals</h2>
            <OrderTotals detail={detail} />
          </section>
          <div className="admin-grid">
            <section className="admin-panel" aria-labelledby="customer">
              <h2 id="customer">Customer</h2>
              <p>
                <a href={`mailto:${order.email}`}>{order.email}</a>
                <br />
                <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}>{order.phone}</a>
              </p>
              {order.giftMessage ? (
                <>
                  <h3>Gift message</h3>
                  <p className="admin-prewrap">{order.giftMessage}</p>
                </>
              ) : null}
              {order.orderComments ? (
                <>
                  <h3>Customer's comments</h3>
                  <p className="admin-prewrap">{order.orderComments}</p>
                </>
              ) : null}
            </section>
            <section className="admin-panel" aria-labelledby="ship-to">
              <h2 id="ship-to">Ship to</h2>
              <AddressLines address={order.shippingAddress} className="admin-address" withPhone />
              <h3>Bill to</h3>
              <AddressLines address={order.billingAddress} className="admin-address" withPhone />
            </section>
            <section className="admin-panel" aria-labelledby="payment">
              <h2 id="payment">Payment</h2>
              <PaymentDetails detail={detail} />
            </section>
            <section className="admin-panel" aria-labelledby="shipping">
              <h2 id="shipping">Shipping</h2>
              <ShippingDetails detail={detail} />
            </section>
          </div>
          <section className="admin-panel" aria-labelledby="history">
            <h2 id="history">History</h2>
            <Timeline events={detail.events} />
          </section>
        </div>

        <div className="admin-order__actions admin-no-print">
          {allowed.has('mark_paid') ? <MarkPaidForm detail={detail} result={form('mark_paid')} /> : null}
          {allowed.has('ship') ? <ShipForm detail={detail} result={form('ship')} /> : null}
          {allowed.has('refund') ? <RefundForm detail={detail} result={form('refund')} /> : null}
          {allowed.has('cancel') ? <CancelForm detail={detail} result={form('cancel')} /> : null}
          <NoteForm detail={detail} result={form('note')} />
          <section className="admin-panel" aria-labelledby="emails">
            <h2 id="emails">Emails</h2>
            <ResendForm detail={detail} result={form('resend')} />
          </section>
        </div>
      </div>
    </div>
  );
}
