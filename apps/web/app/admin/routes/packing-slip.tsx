import { adminOrderParamsSchema } from '@charms/contracts/admin-orders';
import { Link, data } from 'react-router';
import { adminApi } from '../admin-api.server';
import { AddressLines } from '../../checkout/address-lines';
import { formatDateTime, formatDay } from '../format';
import '../../styles/engraving-fonts.css';
import type { Route } from './+types/packing-slip';
import { useTimeZone } from '../use-time-zone';

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: `Packing slip ${loaderData?.order.number ?? ''} · Admin` }];
export { ErrorBoundary } from '../components/page-error';

/** What goes in the box: no prices (a gift's receiver may read it), the engraving to check, the gift message. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!adminOrderParamsSchema.safeParse(params).success) {
    throw data({ error: { code: 'NOT_FOUND', message: 'There is no order with this address.' } }, { status: 404 });
  }
  const admin = adminApi(request, context);
  const { id, order } = await admin.getOrder(params.id);
  const { email, phone, signedPath, totals, card, ...slip } = order;
  return data({ id, order: slip, storeName: context.store.name }, { headers: admin.headers() });
}

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { order, id, storeName } = loaderData;
  const lines = order.lines.filter((line) => line.kind !== 'additional_characters');
  const assembly = order.lines.some((line) => line.kind === 'charm_assembly');
  return (
    <div className="admin-page admin-slip">
      <div className="admin-actions admin-no-print">
        <Link to={`/admin/orders/${id}`}>← Order {order.number}</Link>
        <PrintButton />
      </div>
      <header className="admin-slip__head">
        <div>
          <p className="admin-slip__store">{storeName}</p>
          <h1>Packing slip</h1>
        </div>
        <dl className="admin-dl">
          <dt>Order</dt>
          <dd>{order.number}</dd>
          <dt>Placed</dt>
          <dd>{formatDateTime(order.placedAt, timeZone)}</dd>
          <dt>Ship by</dt>
          <dd>{formatDay(order.estimatedShipDate)}</dd>
          <dt>Shipping</dt>
          <dd>{order.shippingType.name}</dd>
        </dl>
      </header>
      <section aria-labelledby="slip-ship-to" className="admin-slip__address">
        <h2 id="slip-ship-to">Ship to</h2>
        <AddressLines address={order.shippingAddress} className="admin-address" withPhone />
      </section>
      <table className="admin-table admin-slip__lines">
        <caption>Items</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col">Item</th>
            <th scope="col">Engraving</th>
            <th scope="col">Packed</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={`${line.kind}-${index}`}>
              <td className="num">{line.quantity}</td>
              <td>
                {line.name}
                {line.description ? <span className="admin-muted"> · {line.description}</span> : null}
                {line.braceletSize ? ` · size ${line.braceletSize}″` : ''}
                {line.isPhotoArt ? ' · photo art' : ''}
                {line.photo ? <strong className="admin-slip__photo"> · {line.photo === 'attached' ? 'photo attached' : 'photo to be emailed'}</strong> : null}
              </td>
              <td>
                {line.engraving ? (
                  <>
                    <span className={`admin-slip__engraving engraving-preview--${line.engraving.fontId}`}>{line.engraving.text}</span>
                    <br />
                    <span className="admin-muted">Font: {line.engraving.font}</span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>
                <span className="admin-slip__box" aria-label="Not checked yet" role="img" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {assembly ? <p>Charms to be assembled on the bracelet.</p> : null}
      {order.giftMessage ? (
        <section aria-labelledby="slip-gift" className="admin-slip__gift">
          <h2 id="slip-gift">Gift message</h2>
          <p className="admin-prewrap">{order.giftMessage}</p>
        </section>
      ) : null}
      {order.orderComments ? (
        <section aria-labelledby="slip-comments">
          <h2 id="slip-comments">Customer's comments</h2>
          <p className="admin-prewrap">{order.orderComments}</p>
        </section>
      ) : null}
      <p className="admin-slip__thanks">Thank you for shopping with {storeName.replace(/\.$/, '')}.</p>
    </div>
  );
}

/** Printing needs the page's script; without it the browser's own Print command does the same. */
function PrintButton() {
  return (
    <button type="button" className="admin-button admin-button--primary" onClick={() => window.print()}>
      Print
    </button>
  );
}
