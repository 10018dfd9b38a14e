import type { BagResponse } from '@charms/contracts/bag';
import { describe, expect, it } from 'vitest';
import { addPaymentInfoEvent, addShippingInfoEvent, beginCheckoutEvent } from './ga4-events';

const money = (cents: number) => ({ cents, display: `$${(cents / 100).toFixed(2)}` });
const line = (overrides: Partial<BagResponse['tempOrder']['tempOrderItems'][number]>): BagResponse['tempOrder']['tempOrderItems'][number] => ({
  itemUuid: '00000000-0000-4000-8000-000000000001',
  quantity: 1,
  isAdditionalCharacters: false,
  isCharmAssembly: false,
  itemSpecifics: [],
  parentItemUuid: null,
  description: '',
  product: { id: 7, name: 'Heart Charm', path: '/p', imageUrl: '/i.svg', kind: 'charm', isPhotoArt: false },
  metal: { id: 40, name: 'Sterling Silver', slug: 'sterling-silver' },
  braceletSize: null,
  unitPrice: money(2500),
  lineTotal: money(2500),
  photo: null,
  ...overrides,
});

const bag = {
  tempOrderItems: [
    line({ quantity: 2, lineTotal: money(5000) }),
    line({ isAdditionalCharacters: true, product: null, metal: null, unitPrice: money(300), lineTotal: money(300) }),
  ],
  itemCount: 2,
  promoCode: { code: 'WELCOME10', description: '10% off', applied: true, message: null },
  shipToStateProvince: 'TX',
  shippingTypeId: 'two-day',
  orderComments: null,
  email: null,
  totals: { merchandise: money(5000), engraving: money(300), assembly: money(0), discount: money(500), shipping: money(1475), total: money(6275) },
  estimatedShipDate: '2026-11-23',
  sameDayCutoffMinutes: null,
} satisfies BagResponse['tempOrder'];

const heart = { item_id: '7', item_name: 'Heart Charm', item_brand: 'Rembrandt', item_variant: 'Sterling Silver', price: 25, quantity: 2 };

describe('checkout GA4 events', () => {
  it('begin_checkout carries the product lines, the coupon and the value before shipping', () => {
    expect(beginCheckoutEvent(bag)).toEqual({ event: 'begin_checkout', ecommerce: { currency: 'USD', value: 48, coupon: 'WELCOME10', items: [heart] } });
  });

  it('add_shipping_info names the shipping tier', () => {
    expect(addShippingInfoEvent(bag, '2-3 Day')).toMatchObject({ event: 'add_shipping_info', ecommerce: { shipping_tier: '2-3 Day', value: 48, items: [heart] } });
  });

  it('add_payment_info names the payment type', () => {
    expect(addPaymentInfoEvent(bag, 'Visa')).toMatchObject({ event: 'add_payment_info', ecommerce: { payment_type: 'Visa', items: [heart] } });
  });

  it('leaves out a coupon that does not apply', () => {
    const event = beginCheckoutEvent({ ...bag, promoCode: { code: 'SAVE5', description: '', applied: false, message: 'Add $1.00' } });
    expect(event.ecommerce).not.toHaveProperty('coupon');
  });
});
