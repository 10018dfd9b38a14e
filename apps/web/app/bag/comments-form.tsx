import type { BagResponse } from '@charms/contracts/bag';
import type { BagResult } from './bag-result';
import { BagFormFields, BagMessage } from './bag-form-fields';
import { useBagForm } from './use-bag-form';

/** Order comments, kept with the bag for checkout; where a Canadian address goes (ship to Alaska). */
export function CommentsForm({ bag, notice }: { bag: BagResponse; notice: BagResult | null }) {
  const { fetcher, result, busy } = useBagForm('bag-comments', ['comments'], notice);
  return (
    <fetcher.Form method="post" action="/order" preventScrollReset className="bag-comments">
      <BagFormFields intent="comments" />
      <label htmlFor="order-comments">Order comments</label>
      <p id="order-comments-hint" className="bag-hint">
        Gift notes, delivery instructions. Shipping to Canada? Choose Alaska as the state and write your Canadian address here.
      </p>
      <textarea id="order-comments" name="orderComments" rows={3} maxLength={1000} defaultValue={bag.tempOrder.orderComments ?? ''} aria-describedby="order-comments-hint comments-message" />
      <button type="submit" className="button button--secondary" disabled={busy}>
        Save comments
      </button>
      <BagMessage result={result} id="comments-message" />
    </fetcher.Form>
  );
}
