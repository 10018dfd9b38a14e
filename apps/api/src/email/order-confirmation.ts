import type { Address, Order } from '@charms/contracts/checkout';

/** The order confirmation email: HTML and plain text, every shopper-given value escaped. */
export interface StoreDetails {
  name: string;
  phone: string;
  photoArtEmail: string;
  publicBaseUrl: string;
  /** Where customers mail a check for a phone order taken to be paid by check. */
  mailingAddress: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);
}

function addressLines(address: Address): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.address1,
    ...(address.address2 ? [address.address2] : []),
    `${address.city}, ${address.stateProvince} ${address.postalCode}`,
  ];
}

/** One formatter for every email: toLocaleDateString would build a new one per call. */
const longDates = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function longDate(isoDate: string): string {
  return longDates.format(new Date(`${isoDate}T12:00:00Z`));
}

export function renderOrderConfirmation(order: Order, store: StoreDetails): { subject: string; html: string; text: string } {
  const link = new URL(order.signedPath, store.publicBaseUrl).toString();
  const lineText = order.lines.map(
    (line) =>
      `${line.quantity} x ${line.name}${line.description ? ` (${line.description})` : ''}${line.engraving ? ` engraved "${line.engraving.text}" in ${line.engraving.font}` : ''}: ${line.lineTotal.display}`,
  );
  const totals: [string, string][] = [
    ['Merchandise', order.totals.merchandise.display],
    ...(order.totals.engraving.cents ? [['Engraving', order.totals.engraving.display] as [string, string]] : []),
    ...(order.totals.assembly.cents ? [['Assembly', order.totals.assembly.display] as [string, string]] : []),
    ...(order.totals.discount.cents ? [[`Discount${order.promoCode ? ` (${order.promoCode})` : ''}`, `-${order.totals.discount.display}`] as [string, string]] : []),
    [`Shipping (${order.shippingType.name})`, order.totals.shipping.display],
    ['Total', order.totals.total.display],
  ];
  // Photos uploaded with the order need nothing more; any PhotoArt line without one still waits for an email.
  const photoLines = order.lines.filter((line) => line.isPhotoArt);
  const photoArt = !order.hasPhotoArt
    ? null
    : photoLines.every((line) => line.photo === 'attached')
      ? 'We have received the photo you uploaded for your PhotoArt charm: there is nothing more to send.'
      : `Your order has PhotoArt charms: please email the photo you want to ${store.photoArtEmail} with your order number ${order.number}${photoLines.some((line) => line.photo === 'attached') ? ' (for the charms you did not upload a photo for)' : ''}.`;
  // A phone order taken to be paid by check waits for it: say how much, to whom and where.
  const check =
    order.status === 'awaiting_payment'
      ? `We are waiting for your check: please mail ${order.totals.total.display}, payable to ${store.name}, to ${store.mailingAddress}, with your order number ${order.number} on it. Your order ships once it arrives.`
      : null;
  const returns = 'Returns within 60 days for a full refund (personalized and engraved items cannot be returned). Lifetime warranty on every charm.';

  const text = [
    `Thank you for your order from ${store.name}!`,
    '',
    `Order ${order.number}, estimated to ship ${longDate(order.estimatedShipDate)}.`,
    ...(check ? ['', check] : []),
    '',
    ...lineText,
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    'Shipping to:',
    ...addressLines(order.shippingAddress),
    ...(photoArt ? ['', photoArt] : []),
    ...(order.giftMessage ? ['', `Gift message: ${order.giftMessage}`] : []),
    '',
    returns,
    `See your order: ${link}`,
    `Questions? Call us at ${store.phone}, Monday to Friday.`,
  ].join('\n');

  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#2b2622;max-width:600px;margin:auto">
<h1 style="font-size:22px">Thank you for your order!</h1>
<p>Order <strong>${escapeHtml(order.number)}</strong> from ${escapeHtml(store.name)}, estimated to ship <strong>${escapeHtml(longDate(order.estimatedShipDate))}</strong>.</p>
${check ? `<p><strong>${escapeHtml(check)}</strong></p>` : ''}
<table style="width:100%;border-collapse:collapse">${order.lines
    .map(
      (line) =>
        `<tr><td style="padding:4px 0">${line.quantity} × ${escapeHtml(line.name)}${line.description ? `<br><small>${escapeHtml(line.description)}</small>` : ''}${line.engraving ? `<br><small>Engraved “${escapeHtml(line.engraving.text)}” in ${escapeHtml(line.engraving.font)}</small>` : ''}</td><td style="text-align:right">${escapeHtml(line.lineTotal.display)}</td></tr>`,
    )
    .join('')}</table>
<table style="width:100%;margin-top:12px">${totals.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(value)}</td></tr>`).join('')}</table>
<h2 style="font-size:16px">Shipping to</h2><p>${addressLines(order.shippingAddress).map(escapeHtml).join('<br>')}</p>
${photoArt ? `<p><strong>${escapeHtml(photoArt)}</strong></p>` : ''}
${order.giftMessage ? `<p>Gift message: ${escapeHtml(order.giftMessage)}</p>` : ''}
<p>${escapeHtml(returns)}</p>
<p><a href="${escapeHtml(link)}">See your order</a> · Questions? Call ${escapeHtml(store.phone)}, Monday to Friday.</p>
</body></html>`;
  return { subject: `Your order ${order.number} from ${store.name}`, html, text };
}
