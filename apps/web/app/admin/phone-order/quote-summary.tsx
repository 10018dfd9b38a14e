import type { PhoneOrderQuote } from '@charms/contracts/admin-orders';
import { shipDateInWords } from '../../catalog/ship-date';
import type { QuoteProblem } from './phone-order.server';
import { type DraftItem, itemErrorInWords } from './phone-order-form';

interface QuoteSummaryProps {
  quote: PhoneOrderQuote | null | undefined;
  problem: QuoteProblem | null | undefined;
  items: DraftItem[];
  /** New totals are being worked out. */
  updating: boolean;
}

/**
 * The order's lines and totals as the API prices them (the same code as the bag), refreshed as staff type; the
 * "Update totals" button asks again (and is how the totals come without JavaScript).
 */
export function QuoteSummary({ quote, problem, items, updating }: QuoteSummaryProps) {
  const problems = problem ? Object.entries(problem.fieldErrors).map(([field, message]) => itemErrorInWords(field, message, items) ?? `${field}: ${message}`) : [];
  return (
    <section className="admin-panel po-totals" aria-labelledby="po-totals-heading" aria-busy={updating || undefined}>
      <h2 id="po-totals-heading">Totals</h2>
      {problem ? (
        <div className="admin-message admin-message--error" role="alert">
          <p>The totals could not be worked out: {problem.message}</p>
          {problems.length > 0 ? (
            <ul>
              {problems.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {quote ? (
        <>
          <table className="admin-table po-lines">
            <caption className="visually-hidden">Order lines</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="num">
                  Qty
                </th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {quote.lines.map((line, index) => (
                // Lines have no id of their own: their place in the order is theirs.
                <tr key={`${index}-${line.name}`}>
                  <td>
                    {line.name}
                    {line.description && line.description !== line.name ? <span className="po-lines__detail">{line.description}</span> : null}
                    {line.engraving ? <span className="po-lines__detail">Engraved “{line.engraving.text}”</span> : null}
                  </td>
                  <td className="num">{line.quantity}</td>
                  <td className="num">{line.lineTotal.display}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="admin-dl po-sums" data-testid="phone-order-totals">
            <dt>Merchandise</dt>
            <dd>{quote.totals.merchandise.display}</dd>
            {quote.totals.engraving.cents > 0 ? (
              <>
                <dt>Engraving</dt>
                <dd>{quote.totals.engraving.display}</dd>
              </>
            ) : null}
            {quote.totals.assembly.cents > 0 ? (
              <>
                <dt>Charm assembly</dt>
                <dd>{quote.totals.assembly.display}</dd>
              </>
            ) : null}
            {quote.totals.discount.cents > 0 ? (
              <>
                <dt>Discount{quote.promoCode ? ` (${quote.promoCode})` : ''}</dt>
                <dd>−{quote.totals.discount.display}</dd>
              </>
            ) : null}
            <dt>Shipping</dt>
            <dd>{quote.totals.shipping.cents === 0 ? 'Free' : quote.totals.shipping.display}</dd>
            <dt className="po-sums__total">Total</dt>
            <dd className="po-sums__total" aria-live="polite" data-testid="phone-order-total">
              {quote.totals.total.display}
            </dd>
          </dl>
          {quote.promoMessage ? <p className="admin-field__error">Promo code: {quote.promoMessage}</p> : null}
          <p className="admin-muted">Ships by {shipDateInWords(quote.estimatedShipDate)}.</p>
        </>
      ) : !problem ? (
        <p className="admin-muted">Add an item to see the totals.</p>
      ) : null}
      <button type="submit" name="intent" value="totals" className="admin-button" formNoValidate>
        {updating ? 'Updating totals…' : 'Update totals'}
      </button>
    </section>
  );
}
