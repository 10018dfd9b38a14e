import type { Order } from '@charms/contracts/checkout';
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import OrderConfirmation from './order-confirmation';

const money = (cents: number) => ({ cents, display: `$${(cents / 100).toFixed(2)}` });
const address = { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' };
const paid: Order = {
  number: 'CB-100042',
  status: 'paid',
  placedAt: '2026-11-18T16:00:00.000Z',
  email: 'ann@example.com',
  phone: '512-555-0142',
  shippingAddress: address,
  billingAddress: address,
  shippingType: { id: 'ground', name: 'Ground' },
  orderComments: null,
  giftMessage: null,
  lines: [],
  totals: { merchandise: money(3000), engraving: money(0), assembly: money(0), discount: money(0), shipping: money(0), total: money(3000) },
  promoCode: null,
  estimatedShipDate: '2026-11-18',
  card: 'Visa ending in 1111',
  hasPhotoArt: false,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  signedPath: '/order/confirmation/CB-100042?token=x',
};

function renderOrder(order: Order) {
  const loaderData = { order, store: { phone: '1-800-555-0142', photoArtEmail: 'photoart@charms.example' }, seo: {} };
  const Page = OrderConfirmation as unknown as (props: { loaderData: typeof loaderData }) => React.ReactNode;
  const Stub = createRoutesStub([{ path: '/', Component: () => <Page loaderData={loaderData} /> }]);
  return render(<Stub initialEntries={['/']} />);
}

describe('the order page', () => {
  it('shows the status in words, and no tracking before the order ships', () => {
    renderOrder(paid);
    expect(screen.getByTestId('order-status')).toHaveTextContent('Paid');
    expect(screen.queryByText(/tracking number/)).toBeNull();
  });

  it("once shipped, shows the carrier, the tracking number and a link to the carrier's tracking page", () => {
    const url = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    renderOrder({ ...paid, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: url });
    expect(screen.getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(screen.getByText('1Z999AA10123456784')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'track your parcel on the UPS website' })).toHaveAttribute('href', url);
  });
});
