import type { AdminOrder } from '@charms/contracts/admin-orders';
import { formatDateTime, formatDay } from '../format';
import { useTimeZone } from '../use-time-zone';

type Order = AdminOrder['order'];
type Line = Order['lines'][number];

/** What a line is: its name, its description, its bracelet size, its engraving in its font. */
export function LineDescription({ line }: { line: Line }) {
  return (
    <>
      <span className="admin-line__name">{line.name}</span>
      {line.description ? <span className="admin-muted"> · {line.description}</span> : null}
      {line.braceletSize ? <span className="admin-muted"> · size {line.braceletSize}″</span> : null}
      {line.isPhotoArt ? <span className="admin-muted"> · photo art</span> : null}
      {line.engraving ? (
        <span className="admin-line__engraving">
          Engraving: “<span className={`engraving-preview--${line.engraving.fontId}`}>{line.engraving.text}</span>” in {line.engraving.font}
        </span>
      ) : null}
    </>
  );
}

/**
 * A PhotoArt line's photo: the thumbnail and a download of the print copy, both straight from the API's staff route
 * (the browser's staff session cookie goes with them; nothing is public). Lines are numbered from 1, as the slip does.
 */
export function LinePhoto({ line, orderId, lineNumber }: { line: Line; orderId: string; lineNumber: number }) {
  if (!line.photo) return null;
  if (line.photo === 'to_be_emailed') return <span className="admin-line__photo admin-muted">Photo to be emailed by the customer</span>;
  const path = `/api/admin-orders/${orderId}/lines/${lineNumber}/photo`;
  return (
    <span className="admin-line__photo">
      <a href={`${path}?size=preview`} target="_blank" rel="noreferrer">
        <img src={`${path}?size=preview`} alt={`Customer's photo for line ${lineNumber}`} className="admin-line__thumb" loading="lazy" />
      </a>
      <a href={path} download>
        Download photo<span className="visually-hidden"> for line {lineNumber}</span>
      </a>
    </span>
  );
}

export function OrderLines({ order, orderId }: { order: Order; orderId?: string }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={`${line.kind}-${index}`}>
              <td>
                <LineDescription line={line} />
                {orderId ? <LinePhoto line={line} orderId={orderId} lineNumber={index + 1} /> : null}
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">{line.unitPrice.display}</td>
              <td className="num">{line.lineTotal.display}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OrderTotals({ detail }: { detail: AdminOrder }) {
  const { totals, promoCode, shippingType } = detail.order;
  const rows: Array<[string, string]> = [['Merchandise', totals.merchandise.display]];
  if (totals.engraving.cents > 0) rows.push(['Engraving', totals.engraving.display]);
  if (totals.assembly.cents > 0) rows.push(['Charm assembly', totals.assembly.display]);
  if (totals.discount.cents !== 0) rows.push([`Discount${promoCode ? ` (${promoCode})` : ''}`, `−${totals.discount.display.replace(/^-/, '')}`]);
  rows.push([`Shipping (${shippingType.name})`, totals.shipping.display]);
  rows.push(['Total', totals.total.display]);
  if (detail.refunded.cents > 0) rows.push(['Refunded', `−${detail.refunded.display}`], ['Can still be refunded', detail.refundable.display]);
  return (
    <dl className="admin-dl admin-totals">
      {rows.map(([label, value]) => (
        <div key={label} className={label === 'Total' ? 'admin-totals__total' : undefined}>
          <dt>{label}</dt>
          <dd className="num">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PaymentDetails({ detail }: { detail: AdminOrder }) {
  const timeZone = useTimeZone();
  return (
    <>
      <dl className="admin-dl">
        <dt>Method</dt>
        <dd>{detail.paymentMethod === 'check' ? 'Check' : `Card${detail.order.card ? ` (${detail.order.card})` : ''}`}</dd>
        {detail.transactionId ? (
          <>
            <dt>Transaction</dt>
            <dd>
              <code>{detail.transactionId}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {detail.refunds.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>Refunds</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">How</th>
                <th scope="col">Status</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {detail.refunds.map((refund) => (
                <tr key={refund.id}>
                  <td>
                    {formatDateTime(refund.at, timeZone)}
                    {refund.by ? <span className="admin-muted"> by {refund.by}</span> : null}
                  </td>
                  <td className="num">{refund.amount.display}</td>
                  <td>{refund.method === 'void' ? 'Payment voided' : refund.method === 'refund' ? 'Refunded to the card' : 'By hand'}</td>
                  <td>{refund.status === 'succeeded' ? 'Done' : refund.status === 'pending' ? 'Being confirmed' : 'Failed'}</td>
                  <td>{refund.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

export function ShippingDetails({ detail }: { detail: AdminOrder }) {
  const timeZone = useTimeZone();
  const { order } = detail;
  return (
    <dl className="admin-dl">
      <dt>Method</dt>
      <dd>{order.shippingType.name}</dd>
      <dt>Ships by</dt>
      <dd>{formatDay(order.estimatedShipDate)}</dd>
      {detail.shippedAt ? (
        <>
          <dt>Shipped</dt>
          <dd>{formatDateTime(detail.shippedAt, timeZone)}</dd>
        </>
      ) : null}
      {order.trackingNumber ? (
        <>
          <dt>Tracking</dt>
          <dd>
            {order.carrier}{' '}
            {detail.trackingUrl ? (
              <a href={detail.trackingUrl} target="_blank" rel="noreferrer noopener">
                {order.trackingNumber}
                <span className="visually-hidden"> (opens the carrier's site in a new tab)</span>
              </a>
            ) : (
              order.trackingNumber
            )}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The audit trail: who did what, when, from where; the newest first. */
export function Timeline({ events }: { events: AdminOrder['events'] }) {
  const timeZone = useTimeZone();
  if (events.length === 0) return <p className="admin-muted">Nothing recorded yet.</p>;
  const newestFirst = [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <ol className="admin-timeline">
      {newestFirst.map((event, index) => (
        <li key={`${event.at}-${index}`}>
          <p className="admin-timeline__what">{event.summary}</p>
          <p className="admin-muted">
            <time dateTime={event.at}>{formatDateTime(event.at, timeZone)}</time> · {event.actor}
            {event.ip ? ` · from ${event.ip}` : ''}
          </p>
          {typeof event.details.text === 'string' ? <p className="admin-timeline__note">{event.details.text}</p> : null}
        </li>
      ))}
    </ol>
  );
}
