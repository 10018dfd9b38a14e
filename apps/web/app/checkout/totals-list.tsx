import type { BagResponse } from '@charms/contracts/bag';

type Totals = BagResponse['tempOrder']['totals'];

/** The totals of a bag or an order: merchandise, engraving, assembly, discount, shipping and the total. */
export function TotalsList({
  totals,
  discount,
  shippingName,
  totalLabel = 'Total',
}: {
  totals: Totals;
  /** The discount row: its label and what it shows; none when there is no promo code. */
  discount: { label: string; value: string } | null;
  shippingName: string | undefined;
  totalLabel?: string;
}) {
  return (
    <dl className="checkout__totals">
      <div>
        <dt>Merchandise</dt>
        <dd>{totals.merchandise.display}</dd>
      </div>
      {totals.engraving.cents > 0 ? (
        <div>
          <dt>Engraving</dt>
          <dd>{totals.engraving.display}</dd>
        </div>
      ) : null}
      {totals.assembly.cents > 0 ? (
        <div>
          <dt>Bracelet assembly</dt>
          <dd>{totals.assembly.display}</dd>
        </div>
      ) : null}
      {discount ? (
        <div>
          <dt>{discount.label}</dt>
          <dd>{discount.value}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping{shippingName ? ` (${shippingName})` : ''}</dt>
        <dd>{totals.shipping.cents === 0 ? 'Free' : totals.shipping.display}</dd>
      </div>
      <div className="checkout__total">
        <dt>{totalLabel}</dt>
        <dd data-testid="order-total">{totals.total.display}</dd>
      </div>
    </dl>
  );
}
