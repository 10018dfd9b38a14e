import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Form, Link, type ShouldRevalidateFunctionArgs, data, redirect, useFetcher, useNavigation, useSubmit } from 'react-router';
import { CardForm, type Tokenize } from '../checkout/card-form';
import { AddressFields, TextField } from '../checkout/fields';
import { addPaymentInfoEvent, addShippingInfoEvent, beginCheckoutEvent } from '../checkout/ga4-events';
import { type KeptDetails, detailsOf, forgetDetails, keepDetails, readKeptDetails } from '../checkout/kept-details';
import { type FieldErrors, detailErrors, fieldErrorsFromApi, formValues, newIdempotencyKey, preloadOrderSchema, readOrderForm } from '../checkout/order-form';
import { OrderReview } from '../checkout/order-review';
import { ShippingChoice } from '../checkout/shipping-choice';
import type { CardErrors } from '../checkout/test-tokenizer';
import { dataLayerEntriesFor, pushToDataLayer } from '../lib/analytics';
import { apiErrorBody, apiErrorStatus } from '../lib/api-status';
import { telHref } from '../lib/info-page';
import { pageSeo, seoMeta } from '../lib/seo';
import { isSameOrigin, readSessionId } from '../lib/shopper-id.server';
import '../styles/checkout.css';
import type { Route } from './+types/order-process';

const CHECK_THE_FIELDS = 'Please check the fields marked below.';

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => seoMeta(loaderData, matches, 'noindex, nofollow');

/** A checkout is one shopper's: never stored by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * /order/process: the bag is read on the server (so a bag built in another tab is here), with the shipping types
 * for its saved state and a client token for the card form. No session or an empty bag: back to /order.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = readSessionId(request);
  if (!sessionId) throw redirect('/order');
  let bag: Awaited<ReturnType<typeof context.api.getBag>>;
  try {
    bag = await context.api.getBag(sessionId);
  } catch (error) {
    if (apiErrorStatus(error) === 404 || apiErrorStatus(error) === 400) throw redirect('/order');
    throw error;
  }
  if (bag.tempOrder.itemCount === 0) throw redirect('/order');
  const state = bag.tempOrder.shipToStateProvince;
  const [payment, shipping] = await Promise.all([context.api.getClientToken(), state ? context.api.getShippingTypes(sessionId, state) : null]);
  return {
    seo: pageSeo({ title: 'Checkout', description: 'Shipping, payment and review of your order.', path: '/order/process' }, context.store.name),
    bag: bag.tempOrder,
    shipping,
    payment,
    idempotencyKey: newIdempotencyKey(),
    phone: context.store.phone,
  };
}

/**
 * After a 409 the bag is shown as it is now: its total changed (the order was not placed, and the page must show
 * what the next click charges) or it is being paid for. React Router keeps the old data after a 4xx by itself.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

type ActionResult = {
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  formError?: string;
  cardMessage?: string;
  /** The key for the next attempt: the same one (a retry must not charge twice) except after a decline. */
  idempotencyKey: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameOrigin(request)) throw data('Forbidden', { status: 403 });
  const sessionId = readSessionId(request);
  if (!sessionId) throw redirect('/order');
  const form = await request.formData();
  const values = formValues(form);
  const key = values.idempotencyKey || newIdempotencyKey();
  const answer = (status: number, result: Omit<ActionResult, 'values' | 'idempotencyKey'> & { idempotencyKey?: string }) =>
    data<ActionResult>({ values, idempotencyKey: key, ...result }, { status });

  // Without JavaScript, "Update shipping options" posts the whole form with intent=shipping.
  if (form.getAll('intent').includes('shipping')) return chooseShipping(context.api, sessionId, values, answer);
  const parsed = await readOrderForm(values, String(form.get('paymentMethodNonce') ?? ''));
  if (!parsed.ok) {
    const { paymentMethodNonce, ...fieldErrors } = parsed.errors;
    return answer(400, {
      fieldErrors,
      formError: Object.keys(fieldErrors).length > 0 ? CHECK_THE_FIELDS : undefined,
      cardMessage: paymentMethodNonce ? 'Please enter your card. Paying by card needs JavaScript turned on.' : undefined,
    });
  }
  let number: string;
  try {
    number = (await context.api.completeOrder(sessionId, parsed.body)).order.number;
  } catch (error) {
    const status = apiErrorStatus(error);
    const body = apiErrorBody(error);
    if (status === undefined || !body) throw error;
    if (status === 404 || body.code === 'BAG_EMPTY') throw redirect('/order');
    if (status === 402) return answer(402, { fieldErrors: {}, cardMessage: body.message, idempotencyKey: newIdempotencyKey() });
    if (status === 400 && body.code.startsWith('PAYMENT_METHOD')) return answer(400, { fieldErrors: {}, cardMessage: body.message });
    if (status === 400) return answer(400, { fieldErrors: fieldErrorsFromApi(body.details), formError: body.message });
    // 409: in progress or already placed; 429: too many attempts; 503: the processor or the shop is busy.
    if (status === 409 || status === 429 || status === 503) return answer(status, { fieldErrors: {}, formError: body.message });
    throw error;
  }
  throw redirect(`/order/confirmation/${encodeURIComponent(number)}`);
}

/** Saves the state and shipping type with the bag (falling back to the first type offered there). */
async function chooseShipping(
  api: Route.ActionArgs['context']['api'],
  sessionId: string,
  values: Record<string, string>,
  answer: (status: number, result: { fieldErrors: FieldErrors; formError?: string }) => ReturnType<typeof data<ActionResult>>,
) {
  const state = (values['shippingAddress.stateProvince'] ?? '').toUpperCase();
  try {
    if (!state) {
      await api.saveBag(sessionId, { shipToStateProvince: null });
      return answer(200, { fieldErrors: {} });
    }
    const offered = await api.getShippingTypes(sessionId, state);
    const wanted = offered.shippingTypes.find((type) => type.id === values.shippingTypeId) ?? offered.shippingTypes[0];
    await api.saveBag(sessionId, { shipToStateProvince: offered.stateProvince.code, ...(wanted ? { shippingTypeId: wanted.id } : {}) });
    return answer(200, { fieldErrors: {} });
  } catch (error) {
    const status = apiErrorStatus(error);
    const body = apiErrorBody(error);
    if (status === 400 && body) return answer(400, { fieldErrors: { 'shippingAddress.stateProvince': 'must be a US state, DC, territory or military code' } });
    // 409: the bag is being paid for in another tab; the page keeps what it shows.
    if (status !== undefined && status < 500 && body) return answer(status, { fieldErrors: {}, formError: body.message });
    throw error;
  }
}

export default function OrderProcess({ loaderData, actionData }: Route.ComponentProps) {
  const { bag, shipping, payment, phone } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const shippingFetcher = useFetcher<typeof action>();
  const tokenizeRef = useRef<Tokenize | null>(null);
  const nonceRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  // The browser's own check of the details, made with the card's; null once the form has gone to the server.
  const [checkedErrors, setCheckedErrors] = useState<FieldErrors | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const [shippingTypeId, setShippingTypeId] = useState<string>(bag.shippingTypeId);
  const shippingPushed = useRef(false);
  // What this tab kept of the details before a reload (or a visit to the bag), read once hydrated.
  const [kept, setKept] = useState<KeptDetails | null>(null);
  const values = actionData?.values ?? initialValues(bag, kept);
  const fieldErrors = checkedErrors ?? actionData?.fieldErrors ?? {};
  const [billingSame, setBillingSame] = useState(values.billingSame === 'on');
  const submitting = tokenizing || navigation.state === 'submitting' || navigation.state === 'loading';

  // The saved choice can change under us (another state offers fewer types): follow the bag.
  useEffect(() => setShippingTypeId(bag.shippingTypeId), [bag.shippingTypeId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once when the checkout opens
  useEffect(() => {
    pushToDataLayer(window, dataLayerEntriesFor([beginCheckoutEvent(bag)]));
    // The server rendered the bag's details; the tab may hold what the shopper typed before. An answer from the
    // server (a post without JavaScript) already carries everything typed.
    const stored = actionData ? null : readKeptDetails();
    if (stored) {
      setKept(stored);
      setBillingSame((stored.billingSame ?? 'on') === 'on');
    }
  }, []);

  // Placed: the only way from here to a confirmation. The next checkout in this tab starts empty.
  const placed = navigation.state === 'loading' && navigation.location.pathname.startsWith('/order/confirmation/');
  useEffect(() => {
    if (placed) forgetDetails();
  }, [placed]);

  // After an answer from the server, take the shopper to what needs attention.
  useEffect(() => {
    if (!actionData) return;
    const page = formRef.current?.closest('.checkout');
    const target = page?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? page?.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [actionData]);

  const shippingName = shipping?.shippingTypes.find((type) => type.id === bag.shippingTypeId)?.name;

  function saveShipping(state: string, typeId: string) {
    shippingFetcher.submit({ intent: 'shipping', 'shippingAddress.stateProvince': state, shippingTypeId: typeId }, { method: 'post' });
  }

  function chooseType(id: string) {
    setShippingTypeId(id);
    const name = shipping?.shippingTypes.find((type) => type.id === id)?.name ?? id;
    pushToDataLayer(window, dataLayerEntriesFor([addShippingInfoEvent(bag, name)]));
    shippingPushed.current = true;
    saveShipping(formRef.current?.querySelector<HTMLSelectElement>('select[name="shippingAddress.stateProvince"]')?.value ?? '', id);
  }

  async function placeOrder(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setTokenizing(true);
    try {
      // The details and the card are checked together, so every mistake shows at once, the first one focused. Should
      // the schema's file not load, the server checks the details when the order is placed, as without JavaScript.
      const details = await detailErrors(formValues(new FormData(form))).catch((): FieldErrors => ({}));
      const result = (await tokenizeRef.current?.()) ?? { ok: false as const, errors: { number: 'The card form is still loading. Please try again.' } };
      const detailsWrong = Object.keys(details).length > 0;
      if (!result.ok || detailsWrong) {
        // Rendered at once (this runs after awaits, outside React's event), so the first wrong field is there to focus.
        flushSync(() => {
          setCardErrors(result.ok ? {} : result.errors);
          setCheckedErrors(details);
        });
        form.closest('.checkout')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        return;
      }
      setCardErrors({});
      setCheckedErrors(null);
      if (nonceRef.current) nonceRef.current.value = result.nonce;
      const events = shippingPushed.current ? [] : [addShippingInfoEvent(bag, shippingName ?? bag.shippingTypeId)];
      shippingPushed.current = true;
      pushToDataLayer(window, dataLayerEntriesFor([...events, addPaymentInfoEvent(bag, result.brand)]));
      submit(form, { method: 'post' });
    } finally {
      setTokenizing(false);
    }
  }

  // The browser's own check (before anything is sent) and the server's answer say it the same way.
  const formError = checkedErrors && Object.keys(checkedErrors).length > 0 ? CHECK_THE_FIELDS : actionData?.formError;
  return (
    <div className="page checkout">
      <h1>Checkout</h1>
      <p className="checkout__back">
        <Link to="/order">Back to your bag</Link> · Questions? Call <a href={telHref(phone)}>{phone}</a> (Monday to Friday).
      </p>
      {formError ? (
        <p className="checkout__alert" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}
      <Form
        method="post"
        ref={formRef}
        noValidate
        onSubmit={placeOrder}
        onFocus={() => preloadOrderSchema().catch(() => undefined) /* placing the order then leaves the check to the server */}
        onChange={(event) => keepDetails(detailsOf(event.currentTarget))}
        className="checkout__layout"
        aria-label="Checkout"
      >
        <input type="hidden" name="intent" value="place-order" />
        <input type="hidden" name="idempotencyKey" value={actionData?.idempotencyKey ?? loaderData.idempotencyKey} />
        <input type="hidden" name="paymentMethodNonce" ref={nonceRef} defaultValue="" />
        {/* The total shown beside the button: should the order come to another (a code ran out), nothing is charged. */}
        <input type="hidden" name="expectedTotalCents" value={bag.totals.total.cents} />
        {/* Keyed by what it shows: the inputs are uncontrolled, so the kept details arrive by a fresh mount. */}
        <div className="checkout__details" key={kept ? 'kept' : 'bag'}>
          <fieldset className="checkout__section">
            <legend>
              <h2>Contact</h2>
            </legend>
            <div className="checkout__grid">
              <TextField name="customer.email" label="Email" type="email" autoComplete="email" inputMode="email" values={values} errors={fieldErrors} hint="For your order confirmation." />
              <TextField name="customer.phone" label="Phone" type="tel" autoComplete="tel" values={values} errors={fieldErrors} hint="In case we have a question about your order." />
            </div>
          </fieldset>
          <fieldset className="checkout__section">
            <legend>
              <h2>Shipping address</h2>
            </legend>
            <AddressFields prefix="shippingAddress" section="shipping" values={values} errors={fieldErrors} onStateChange={(state) => saveShipping(state, shippingTypeId)} />
          </fieldset>
          <fieldset className="checkout__section">
            <legend>
              <h2>Billing address</h2>
            </legend>
            <label className="checkout__checkbox">
              <input type="checkbox" name="billingSame" checked={billingSame} onChange={(event) => setBillingSame(event.currentTarget.checked)} />
              Same as the shipping address
            </label>
            {billingSame ? null : <AddressFields prefix="billingAddress" section="billing" values={values} errors={fieldErrors} />}
          </fieldset>
          <ShippingChoice
            shipping={shipping}
            selected={shippingTypeId}
            error={fieldErrors.shippingTypeId}
            busy={shippingFetcher.state !== 'idle'}
            onChoose={chooseType}
          />
          <fieldset className="checkout__section">
            <legend>
              <h2>Notes</h2>
            </legend>
            <div className="checkout__field">
              <label htmlFor="orderComments">
                Order comments <span className="checkout__optional">(optional)</span>
              </label>
              <textarea id="orderComments" name="orderComments" rows={3} maxLength={1000} defaultValue={values.orderComments ?? ''} aria-describedby="orderComments-hint" />
              <p id="orderComments-hint" className="checkout__hint">
                Anything we should know. Shipping to Canada: your full Canadian address here.
              </p>
            </div>
            <div className="checkout__field">
              <label htmlFor="giftMessage">
                Gift message <span className="checkout__optional">(optional)</span>
              </label>
              <textarea id="giftMessage" name="giftMessage" rows={2} maxLength={300} defaultValue={values.giftMessage ?? ''} aria-describedby="giftMessage-hint" />
              <p id="giftMessage-hint" className="checkout__hint">
                A message for the person receiving the gift, up to 300 characters.
              </p>
            </div>
          </fieldset>
        </div>
        <div className="checkout__summary">
          <OrderReview bag={bag} shippingName={shippingName} />
          <CardForm environment={payment.environment} clientToken={payment.clientToken} errors={cardErrors} message={actionData?.cardMessage} phone={phone} tokenizeRef={tokenizeRef} />
          <button type="submit" className="button button--primary checkout__place" disabled={submitting} aria-disabled={submitting || undefined}>
            {submitting ? 'Placing your order…' : `Place order · ${bag.totals.total.display}`}
          </button>
          <p className="checkout__hint">Your card is charged once, when you place the order. 60-day returns; personalized items cannot be returned.</p>
        </div>
      </Form>
    </div>
  );
}

/**
 * The form's first values: what the bag holds, under what this tab kept (typed more recently), except the state,
 * which the bag's shipping choices were made for (it may have been changed on the bag page since).
 */
function initialValues(bag: Route.ComponentProps['loaderData']['bag'], kept: KeptDetails | null): Record<string, string> {
  const fromBag = { 'customer.email': bag.email ?? '', orderComments: bag.orderComments ?? '', billingSame: 'on' };
  const typed = Object.fromEntries(Object.entries(kept ?? {}).filter(([name, value]) => value !== '' || name === 'billingSame'));
  return { ...fromBag, ...typed, 'shippingAddress.stateProvince': bag.shipToStateProvince ?? '' };
}
