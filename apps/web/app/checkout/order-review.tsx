import type { BagResponse } from '@charms/contracts/bag';
import { shipDateInWords } from '../catalog/ship-date';
import { TotalsList } from './totals-list';

type Bag = BagResponse['tempOrder'];

/** Every line of the bag and its totals, as the API prices them (the server prices the order again when it is placed). */
export function OrderReview({ bag, shippingName }: { bag: Bag; shippingName: string | undefined }) {
  const { totals } = bag;
  return (
    <section className="checkout__review" aria-labelledby="review-heading">
      <h2 id="review-heading">Your order</h2>
      <ul className="checkout__lines" aria-label="Items in your order">
        {bag.tempOrderItems.map((item) => {
          const engraving = item.itemSpecifics.find((specific) => specific.name === 'engraving');
          const name = item.product?.name ?? (item.isCharmAssembly ? 'Charm bracelet assembly' : item.description);
          return (
            <li key={item.itemUuid} className={`checkout__line${item.isAdditionalCharacters ? ' checkout__line--charge' : ''}`}>
              <div className="checkout__line-text">
                <span className="checkout__line-name">{name}</span>
                {item.product ? (
                  <span className="checkout__line-detail">
                    {[item.metal?.name, item.braceletSize ? `${item.braceletSize} inch` : null].filter(Boolean).join(', ')}
                    {item.quantity > 1 ? ` × ${item.quantity}` : ''}
                  </span>
                ) : item.description && item.description !== name ? (
                  <span className="checkout__line-detail">{item.description}</span>
                ) : null}
                {engraving ? (
                  <span className="checkout__line-detail">
                    Engraved “{engraving.text}” in {engraving.fontName}
                  </span>
                ) : null}
              </div>
              <span className="checkout__line-price">{item.lineTotal.display}</span>
            </li>
          );
        })}
      </ul>
      <TotalsList
        totals={totals}
        shippingName={shippingName}
        discount={
          bag.promoCode
            ? { label: `Discount (${bag.promoCode.code})`, value: totals.discount.cents > 0 ? `−${totals.discount.display}` : (bag.promoCode.message ?? 'Not applied') }
            : null
        }
      />
      {bag.estimatedShipDate ? <p className="checkout__hint">Estimated ship date: {shipDateInWords(bag.estimatedShipDate)}.</p> : null}
    </section>
  );
}
