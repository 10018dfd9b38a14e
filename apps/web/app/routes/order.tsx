import type { BagResponse, ShippingTypesResponse } from '@charms/contracts/bag';
import { useEffect, useRef } from 'react';
import { Link, data, useActionData } from 'react-router';
import { bagAction } from '../bag/bag-actions.server';
import { BagFormFields, BagMessage } from '../bag/bag-form-fields';
import { LINE_FORMS, LINE_INTENTS } from '../bag/bag-keys';
import { AssemblySuggestion, BagLines } from '../bag/bag-lines';
import { takeNotice } from '../bag/bag-notice.server';
import type { BagResult } from '../bag/bag-result';
import { BagTotals } from '../bag/bag-totals';
import { CommentsForm } from '../bag/comments-form';
import { EmptyBag } from '../bag/empty-bag';
import { EmptyBagButton, EmptyBagQuestion } from '../bag/empty-bag-button';
import { PromoForm } from '../bag/promo-form';
import { SameDayCountdown } from '../bag/same-day-countdown';
import { ShippingForm } from '../bag/shipping-form';
import { SuggestedItems } from '../bag/suggested-items';
import { useBagForm } from '../bag/use-bag-form';
import { apiErrorStatus } from '../lib/api-status';
import { seoMeta } from '../lib/seo';
import { readSessionId } from '../lib/shopper-id.server';
import { storeTerms } from '../lib/store-terms';
import '../styles/bag.css';
import '../styles/engraving-fonts.css';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => seoMeta(loaderData, matches, 'noindex, nofollow');

/** A bag is one shopper's: never stored by a browser or a shared cache. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(actionHeaders);
  for (const [name, value] of loaderHeaders) merged.append(name, value);
  merged.set('cache-control', 'no-store');
  return merged;
}

async function readBag(api: Route.LoaderArgs['context']['api'], sessionId: string | null): Promise<BagResponse | null> {
  if (!sessionId) return null;
  try {
    return await api.getBag(sessionId);
  } catch (error) {
    if (apiErrorStatus(error) === 404) return null; // A session the server no longer knows: an empty bag.
    throw error;
  }
}

/** The bag for the session cookie, the shipping types for its state, and a notice left by a form without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = readSessionId(request);
  const bag = await readBag(context.api, sessionId);
  const state = bag?.tempOrder.shipToStateProvince;
  let shipping: ShippingTypesResponse | null = null;
  if (sessionId && bag && state && bag.tempOrder.itemCount > 0) {
    shipping = await context.api.getShippingTypes(sessionId, state).catch((error: unknown) => {
      if (apiErrorStatus(error) === 400) return null;
      throw error;
    });
  }
  const { notice, clear } = await takeNotice(context.cookies.bagNotice, request);
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (clear) headers.append('set-cookie', clear);
  const filled = bag !== null && bag.tempOrder.tempOrderItems.length > 0;
  const seo = {
    htmlHeadTitle: `Shopping Bag | ${context.store.name}`,
    htmlHeadMetaDescription: 'Your shopping bag: engraving, charm assembly, promo codes and shipping.',
    htmlHeadMetaKeywords: '',
    canonicalUrl: '/order',
    dataLayers: filled ? bag.dataLayers.filter((event) => event.event === 'view_cart') : [],
  };
  // Empty bag without JavaScript: /order?empty=ask asks first (only a full bag can be emptied).
  const askEmpty = filled && new URL(request.url).searchParams.get('empty') === 'ask';
  const { assemblyFee, shippingPromise } = storeTerms(context.store);
  return data({ seo, bag, shipping, notice, askEmpty, terms: { assemblyFee, shippingPromise } }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  return bagAction(request, context);
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { bag, shipping, notice, askEmpty, terms } = loaderData;
  const lineResult = useLineResult(notice);
  // Just emptied: the status line says "Your bag is now empty.", so the empty state does not say it again.
  const emptied = lineResult?.intent === 'empty' && lineResult.ok;
  const items = bag?.tempOrder.tempOrderItems ?? [];
  const shippingName = shipping?.shippingTypes.find((type) => type.id === bag?.tempOrder.shippingTypeId)?.name;
  return (
    <div className="page bag-page">
      <h1>Shopping Bag</h1>
      <LineStatus shown={lineResult} />
      {!bag || items.length === 0 ? (
        <>
          <EmptyBag emptied={emptied} />
          {bag ? <SuggestedItems products={bag.suggestedItems} heading="Best sellers" /> : null}
        </>
      ) : (
        <>
          {askEmpty ? <EmptyBagQuestion itemCount={bag.tempOrder.itemCount} /> : null}
          <SameDayCountdown minutes={bag.tempOrder.sameDayCutoffMinutes} />
          <div className="bag-layout">
            <section className="bag-items" aria-labelledby="bag-items-heading">
              <h2 id="bag-items-heading" className="visually-hidden">
                Items
              </h2>
              <BagLines bag={bag} />
              {bag.suggestAddOnAssembly ? <AssemblySuggestion fee={terms.assemblyFee} /> : null}
              <EmptyBagButton itemCount={bag.tempOrder.itemCount} />
            </section>
            <section className="bag-summary" aria-labelledby="bag-summary-heading">
              <h2 id="bag-summary-heading">Order summary</h2>
              <PromoForm bag={bag} notice={notice} />
              <ShippingForm bag={bag} shipping={shipping} notice={notice} />
              <CommentsForm bag={bag} notice={notice} />
              <BagTotals bag={bag} shippingName={shippingName} />
              <Link to="/order/process" className="button button--primary bag-checkout">
                Buy Now
              </Link>
              <p className="bag-hint">{terms.shippingPromise} 60-day money-back guarantee (engraved and PhotoArt items cannot be returned).</p>
            </section>
          </div>
          <SuggestedItems products={bag.suggestedItems} heading="You may also like" />
        </>
      )}
    </div>
  );
}

/** The answer to the line forms (quantity, remove, engraving, assembly, quick add, empty), wherever they were. */
function useLineResult(notice: BagResult | null): BagResult | undefined {
  const { result } = useBagForm(LINE_FORMS, LINE_INTENTS, notice);
  // A quick add rejected without JavaScript is answered in place (400), not redirected.
  const actionData = useActionData<BagResult>();
  return result ?? actionData;
}

/** The page's one status line: each answer replaces the one before, a refusal included. */
function LineStatus({ shown }: { shown: BagResult | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A removed line takes the focused button with it: keep keyboard users on the page, at the message.
    if (shown && document.activeElement === document.body) ref.current?.querySelector<HTMLElement>('p')?.focus();
  }, [shown]);
  return (
    <div ref={ref} className="bag-status">
      <BagMessage result={shown} />
    </div>
  );
}
