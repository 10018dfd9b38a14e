import type { BagResponse } from '@charms/contracts/bag';
import type { DataLayerEvent } from '@charms/contracts/envelope';

/**
 * The checkout's GA4 ecommerce events, built from the bag as the API prices it (the purchase event comes from the
 * API with the order). Items match the API's own cart events: product lines only, engraving charges count in value.
 */
type Bag = BagResponse['tempOrder'];

function items(bag: Bag) {
  return bag.tempOrderItems
    .filter((item) => item.product !== null && !item.isAdditionalCharacters && !item.isCharmAssembly)
    .map((item) => ({
      item_id: String(item.product!.id),
      item_name: item.product!.name,
      item_brand: 'Rembrandt',
      item_variant: item.metal?.name ?? '',
      price: item.unitPrice.cents / 100,
      quantity: item.quantity,
    }));
}

/** Value as GA4 wants it: what is being bought, before shipping (totals.total less shipping). */
function ecommerce(bag: Bag) {
  return {
    currency: 'USD',
    value: (bag.totals.total.cents - bag.totals.shipping.cents) / 100,
    ...(bag.promoCode?.applied ? { coupon: bag.promoCode.code } : {}),
    items: items(bag),
  };
}

export function beginCheckoutEvent(bag: Bag): DataLayerEvent {
  return { event: 'begin_checkout', ecommerce: ecommerce(bag) };
}

export function addShippingInfoEvent(bag: Bag, shippingTier: string): DataLayerEvent {
  return { event: 'add_shipping_info', ecommerce: { ...ecommerce(bag), shipping_tier: shippingTier } };
}

export function addPaymentInfoEvent(bag: Bag, paymentType: string): DataLayerEvent {
  return { event: 'add_payment_info', ecommerce: { ...ecommerce(bag), payment_type: paymentType } };
}
