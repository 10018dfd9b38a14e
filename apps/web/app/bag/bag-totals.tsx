import type { BagResponse } from '@charms/contracts/bag';

/** Merchandise, engraving, assembly, discount, shipping and total, as the API computed them. */
export function BagTotals({ bag, shippingName }: { bag: BagResponse; shippingName: string | undefined }) {
  const { totals, promoCode } = bag.tempOrder;
  const rows: [string, string][] = [['Merchandise', totals.merchandise.display]];
  if (totals.engraving.cents > 0) rows.push(['Engraving', totals.engraving.display]);
  if (totals.assembly.cents > 0) rows.push(['Assembly', totals.assembly.display]);
  if (totals.discount.cents > 0) rows.push([`Discount${promoCode ? ` (${promoCode.code})` : ''}`, `−${totals.discount.display}`]);
  rows.push([`Shipping${shippingName ? ` (${shippingName})` : ''}`, totals.shipping.cents === 0 ? 'Free' : totals.shipping.display]);
  return (
    <dl className="bag-totals" aria-label="Order totals">
      {rows.map(([label, value]) => (
        <div key={label} className="bag-totals__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="bag-totals__row bag-totals__row--total">
        <dt>Total</dt>
        <dd data-testid="bag-total">{totals.total.display}</dd>
      </div>
    </dl>
  );
}
