/**
 * The carriers the shop ships with, and where a shopper follows a parcel on each carrier's own site. A tracking
 * number is letters and digits only (as the admin's form stores it), so it goes into the address as it is; it is
 * still encoded, because a number kept from elsewhere might not be.
 */
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING_PAGES: Readonly<Record<Carrier, string>> = {
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  UPS: 'https://www.ups.com/track?tracknum=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  DHL: 'https://www.dhl.com/us-en/home/tracking.html?tracking-id=',
};

export function isCarrier(value: string): value is Carrier {
  return (CARRIERS as readonly string[]).includes(value);
}

/** The carrier's tracking page for a parcel, or null when the carrier is not one we know or there is no number. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber || !isCarrier(carrier)) return null;
  return `${TRACKING_PAGES[carrier]}${encodeURIComponent(trackingNumber)}`;
}
