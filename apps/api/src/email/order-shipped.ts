import type { Order } from '@charms/contracts/checkout';
import { escapeHtml, type StoreDetails } from './order-confirmation';

/** "Your order has shipped": the carrier, the tracking number and its tracking link, and the order's own link. */
export function renderOrderShipped(order: Order, store: StoreDetails): { subject: string; html: string; text: string } {
  const orderLink = new URL(order.signedPath, store.publicBaseUrl).toString();
  const carrier = order.carrier ?? 'the carrier';
  const items = order.lines.filter((line) => line.kind === 'product').map((line) => `${line.quantity} x ${line.name}${line.description && line.description !== line.name ? ` (${line.description})` : ''}`);
  const name = order.shippingAddress.firstName;
  const text = [
    `Hello ${name},`,
    '',
    `Good news: your order ${order.number} from ${store.name} has shipped with ${carrier}.`,
    `Tracking number: ${order.trackingNumber ?? ''}`,
    ...(order.trackingUrl ? [`Track your parcel: ${order.trackingUrl}`] : []),
    '',
    ...items,
    '',
    `See your order: ${orderLink}`,
    `Questions? Call us at ${store.phone}, Monday to Friday.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#2b2622;max-width:600px;margin:auto">
<h1 style="font-size:22px">Your order has shipped</h1>
<p>Hello ${escapeHtml(name)}, your order <strong>${escapeHtml(order.number)}</strong> from ${escapeHtml(store.name)} has shipped with ${escapeHtml(carrier)}.</p>
<p>Tracking number: <strong>${escapeHtml(order.trackingNumber ?? '')}</strong></p>
${order.trackingUrl ? `<p><a href="${escapeHtml(order.trackingUrl)}">Track your parcel</a></p>` : ''}
<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(orderLink)}">See your order</a> · Questions? Call ${escapeHtml(store.phone)}, Monday to Friday.</p>
</body></html>`;
  return { subject: `Your order ${order.number} has shipped`, html, text };
}
