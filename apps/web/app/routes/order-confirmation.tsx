import { STATUS_LABELS } from '@charms/domain/order-status';
import { Link, data, isRouteErrorResponse } from 'react-router';
import { shipDateInWords } from '../catalog/ship-date';
import { AddressLines } from '../checkout/address-lines';
import { TotalsList } from '../checkout/totals-list';
import { NotFound } from '../components/not-found';
import { apiErrorStatus } from '../lib/api-status';
import { seoMeta } from '../lib/seo';
import { readSessionId } from '../lib/shopper-id.server';
import '../styles/checkout.css';
import type { Route } from './+types/order-confirmation';

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => seoMeta(loaderData, matches, 'noindex, nofollow');

/** An order is one shopper's: never stored by a cache (the purchase event must reach the page once, fresh). */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * /order/confirmation/{number}: for the session that placed the order (its cookie) or with the signed link's
 * `?token=` from the email; anyone else gets the not-found page. The API's dataLayers (the GA4 purchase event, on
 * the session's first view only) go to the data layer with the page view.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? undefined;
  const sessionId = readSessionId(request) ?? undefined;
  if (!sessionId && !token) throw data(null, { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
  let response: Awaited<ReturnType<typeof context.api.getOrder>>;
  try {
    response = await context.api.getOrder(params.number, { sessionId, token });
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === 404 || status === 400) throw data(null, { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
    throw error;
  }
  const { order, dataLayers } = response;
  return {
    seo: {
      htmlHeadTitle: `Thank you: order ${order.number} | ${context.store.name}`,
      htmlHeadMetaDescription: `Your order ${order.number} is confirmed.`,
      htmlHeadMetaKeywords: '',
      canonicalUrl: `/order/confirmation/${order.number}`,
      dataLayers,
    },
    order,
    store: { phone: context.store.phone, photoArtEmail: context.store.photoArtEmail },
  };
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order, store } = loaderData;
  const { totals } = order;
  return (
    <div className="page page--narrow checkout confirmation">
      <h1>Thank you for your order</h1>
      <p className="confirmation__number">
        Order number <strong data-testid="order-number">{order.number}</strong>
      </p>
      <p>
        Status: <strong data-testid="order-status">{STATUS_LABELS[order.status]}</strong>
      </p>
      <p>
        A confirmation is on its way to <strong>{order.email}</strong>. Estimated ship date: <strong>{shipDateInWords(order.estimatedShipDate)}</strong>.
      </p>
      {order.trackingNumber ? (
        <p>
          Shipped with {order.carrier ?? 'the carrier'}, tracking number <strong>{order.trackingNumber}</strong>
          {order.trackingUrl ? (
            <>
              {': '}
              <a href={order.trackingUrl} rel="noopener noreferrer" target="_blank">
                track your parcel on the {order.carrier} website
              </a>
            </>
          ) : null}
          .
        </p>
      ) : null}
      {order.status === 'payment_unknown' ? (
        <p className="checkout__notice" role="status">
          We are confirming your payment with the card company. We will email you as soon as it is settled.
        </p>
      ) : null}

      {order.hasPhotoArt ? (
        <section className="checkout__notice" aria-labelledby="photoart-heading">
          <h2 id="photoart-heading">Your PhotoArt photo</h2>
          {order.lines.some((line) => line.photo === 'attached') ? (
            <p>We have received the photo you uploaded{order.lines.some((line) => line.photo === 'to_be_emailed') ? ' for some of your PhotoArt charms' : ''}: there is nothing more to send for it.</p>
          ) : null}
          {order.lines.some((line) => line.photo === 'to_be_emailed') ? (
            <p>
              Please email the photo for your PhotoArt charm to <a href={`mailto:${store.photoArtEmail}?subject=${encodeURIComponent(`Photo for order ${order.number}`)}`}>{store.photoArtEmail}</a>{' '}
              with your order number, <strong>{order.number}</strong>.
            </p>
          ) : null}
        </section>
      ) : null}

      <section className="checkout__review" aria-labelledby="lines-heading">
        <h2 id="lines-heading">What you ordered</h2>
        <ul className="checkout__lines" aria-label="Items in your order">
          {order.lines.map((line, index) => (
            // Lines have no id of their own; their order is fixed when the order is placed.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className={`checkout__line${line.kind === 'additional_characters' ? ' checkout__line--charge' : ''}`}>
              <div className="checkout__line-text">
                <span className="checkout__line-name">{line.name}</span>
                {line.description && line.description !== line.name ? <span className="checkout__line-detail">{line.description}</span> : null}
                {line.quantity > 1 ? <span className="checkout__line-detail">Quantity {line.quantity}</span> : null}
                {line.engraving ? (
                  <span className="checkout__line-detail">
                    Engraved “{line.engraving.text}” in {line.engraving.font}
                  </span>
                ) : null}
                {line.photo ? <span className="checkout__line-detail">{line.photo === 'attached' ? 'Photo received' : 'Photo to be emailed'}</span> : null}
              </div>
              <span className="checkout__line-price">{line.lineTotal.display}</span>
            </li>
          ))}
        </ul>
        <TotalsList
          totals={totals}
          shippingName={order.shippingType.name}
          discount={totals.discount.cents > 0 ? { label: `Discount${order.promoCode ? ` (${order.promoCode})` : ''}`, value: `−${totals.discount.display}` } : null}
          totalLabel={`Total${order.card ? `, paid by ${order.card}` : ''}`}
        />
      </section>

      <div className="confirmation__addresses">
        <div>
          <h2>Shipping to</h2>
          <AddressLines address={order.shippingAddress} />
        </div>
        <div>
          <h2>Billing address</h2>
          <AddressLines address={order.billingAddress} />
        </div>
      </div>
      {order.giftMessage ? (
        <section aria-labelledby="gift-heading">
          <h2 id="gift-heading">Gift message</h2>
          <p className="confirmation__message">{order.giftMessage}</p>
        </section>
      ) : null}
      {order.orderComments ? (
        <section aria-labelledby="comments-heading">
          <h2 id="comments-heading">Your comments</h2>
          <p className="confirmation__message">{order.orderComments}</p>
        </section>
      ) : null}

      <section aria-labelledby="returns-heading">
        <h2 id="returns-heading">Returns and warranty</h2>
        <ul>
          <li>100% money-back guarantee: return any item within 60 days for a refund (shipping costs are not refundable).</li>
          <li>Personalized and engraved items cannot be returned.</li>
          <li>Every charm has the manufacturer's lifetime warranty.</li>
        </ul>
        <p>
          Questions about your order? Call {store.phone} (Monday to Friday) and give your order number. <Link to="/faq">Frequently asked questions</Link>
        </p>
      </section>
      <p>
        <Link to="/" className="button button--primary">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}


export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
