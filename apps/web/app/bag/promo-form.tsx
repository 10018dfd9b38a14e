import type { BagResponse } from '@charms/contracts/bag';
import type { BagResult } from './bag-result';
import { BagFormFields, BagMessage } from './bag-form-fields';
import { useBagForm } from './use-bag-form';

/** One code per bag; a new one replaces the old. Messages: applied, the API's reason, or the rate limit. */
export function PromoForm({ bag, notice }: { bag: BagResponse; notice: BagResult | null }) {
  const { fetcher, result, busy } = useBagForm('bag-promo', ['promo'], notice);
  const promo = bag.tempOrder.promoCode;
  // A code kept on the bag that stopped qualifying (below its minimum) says why, until the shopper tries another.
  const standing = !result && promo && !promo.applied && promo.message ? { ok: false, message: `${promo.code}: ${promo.message}` } : undefined;
  const shown = result ?? standing;
  return (
    <fetcher.Form method="post" action="/order" preventScrollReset className="bag-promo">
      <BagFormFields intent="promo" />
      <label htmlFor="promo-code">Promo code</label>
      <div className="bag-inline">
        <input
          id="promo-code"
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          defaultValue={promo?.code ?? ''}
          aria-invalid={shown && !shown.ok ? true : undefined}
          aria-describedby="promo-message"
        />
        <button type="submit" className="button button--secondary" disabled={busy}>
          Apply
        </button>
      </div>
      {promo?.applied && !result ? <p className="bag-hint">Applied: {promo.code}, {promo.description}.</p> : null}
      <BagMessage result={shown} id="promo-message" />
    </fetcher.Form>
  );
}
