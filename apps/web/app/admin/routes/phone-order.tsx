import { formatCents } from '@charms/domain/money';
import { SHIPPING_TYPES, shippingTypeName } from '@charms/domain/shipping';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Form, type ShouldRevalidateFunctionArgs, data, useFetcher, useNavigation, useSubmit } from 'react-router';
import { useHydrated } from '../../bag/use-hydrated';
import { CardForm, type Tokenize } from '../../checkout/card-form';
import { AddressFields, TextField } from '../../checkout/fields';
import type { CardErrors } from '../../checkout/test-tokenizer';
import { adminApi } from '../admin-api.server';
import { CsrfField } from '../components/csrf-field';
import { ItemsEditor } from '../phone-order/items-editor';
import { type PhoneOrderState, type QuoteAnswer, phoneOrderAction } from '../phone-order/phone-order.server';
import { affectsPrice, newIdempotencyKey } from '../phone-order/phone-order-form';
import { ProductSearch } from '../phone-order/product-search';
import { QuoteSummary } from '../phone-order/quote-summary';
import { useDebounced } from '../phone-order/use-debounced';
import '../../styles/engraving-fonts.css';
import '../phone-order/phone-order.css';
import type { Route } from './+types/phone-order';

export const meta: Route.MetaFunction = () => [{ title: 'Phone order · Admin' }];
export { ErrorBoundary } from '../components/page-error';

const QUOTE_DELAY_MS = 400;

/** The form opens empty, with its idempotency key (one order per form, however often it is sent) and the card form's token. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const payment = await context.api.getClientToken();
  const state: PhoneOrderState = {
    intent: 'open',
    draft: { values: { idempotencyKey: newIdempotencyKey(), billingSame: 'on', paymentMethod: 'card', shippingTypeId: 'ground' }, items: [] },
    fieldErrors: {},
  };
    const { shippingPrices, engraving } = context.store;
  // Before the first quote (it lists those offered to the state): every type, at its price now.
  const shippingTypes = SHIPPING_TYPES.map(({ id }) => ({ id, name: shippingTypeName(id, shippingPrices), price: { cents: shippingPrices[id], display: formatCents(shippingPrices[id]) } }));
  return data({ state, payment, phone: context.store.phone, shippingTypes, engravingFreeMetalIds: engraving.freeMetalIds }, { headers: admin.headers() });
}

export async function action({ request, context }: Route.ActionArgs) {
  return phoneOrderAction(adminApi(request, context), context, await request.formData());
}

/** Searching, adding, removing and quoting change nothing the page's loader reads (a new card token each time would). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent');
  return typeof intent === 'string' && intent !== 'place' ? false : defaultShouldRevalidate;
}

export default function PhoneOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, phone, engravingFreeMetalIds } = loaderData;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const edits = useFetcher<PhoneOrderState>();
  const quotes = useFetcher<QuoteAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const tokenizeRef = useRef<Tokenize | null>(null);
  const nonceRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<PhoneOrderState>((actionData as PhoneOrderState | undefined) ?? loaderData.state);
  const [quote, setQuote] = useState({ quote: state.quote, problem: state.quoteProblem });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [tokenizing, setTokenizing] = useState(false);
  const { values, items } = state.draft;
  const [paymentMethod, setPaymentMethod] = useState(values.paymentMethod === 'check' ? 'check' : 'card');
  const [billingSame, setBillingSame] = useState(values.billingSame === 'on');
  const placing = tokenizing || (navigation.state !== 'idle' && navigation.formData?.get('intent') === 'place');

  // The latest answer wins: the page's own (placing the order, or any button without JavaScript) or an edit's.
  useEffect(() => {
    if (!actionData) return;
    const next = actionData as PhoneOrderState;
    setState(next);
    setQuote({ quote: next.quote, problem: next.quoteProblem });
  }, [actionData]);
  useEffect(() => {
    if (!edits.data) return;
    setState(edits.data);
    setQuote({ quote: edits.data.quote, problem: edits.data.quoteProblem });
  }, [edits.data]);
  useEffect(() => {
    if (quotes.data) setQuote({ quote: quotes.data.quote, problem: quotes.data.quoteProblem });
  }, [quotes.data]);

  // After the order is refused, take staff to the first thing to fix.
  useEffect(() => {
    if (state.intent !== 'place') return;
    const form = formRef.current;
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.parentElement?.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [state]);

  const requestQuote = useDebounced(() => {
    if (!formRef.current || items.length === 0) return;
    const form = new FormData(formRef.current);
    form.set('intent', 'quote');
    quotes.submit(form, { method: 'post' });
  }, QUOTE_DELAY_MS);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (target.name && affectsPrice(target.name)) requestQuote();
  }

  function edit(intent: string) {
    if (!formRef.current) return;
    const form = new FormData(formRef.current);
    form.set('intent', intent);
    edits.submit(form, { method: 'post' });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.name === 'intent' ? submitter.value : 'place';
    if (intent !== 'place') return edit(intent);
    if (placing) return;
    if (nonceRef.current) nonceRef.current.value = '';
    if (paymentMethod === 'card') {
      setTokenizing(true);
      try {
        const result = (await tokenizeRef.current?.()) ?? { ok: false as const, errors: { number: 'The card form is still loading. Please try again.' } };
        if (!result.ok) {
          setCardErrors(result.errors);
          requestAnimationFrame(() => form.querySelector<HTMLElement>('.checkout__card [aria-invalid="true"]')?.focus());
          return;
        }
        setCardErrors({});
        if (nonceRef.current) nonceRef.current.value = result.nonce;
      } finally {
        setTokenizing(false);
      }
    }
    const body = new FormData(form);
    body.set('intent', 'place');
    submit(body, { method: 'post' });
  }

  const errors = state.fieldErrors;
  const total = quote.quote?.totals.total.display;
  const shippingTypes = quote.quote?.shippingTypes;

  return (
    <div className="admin-page po">
      <div className="admin-page__head">
        <h1>Phone order</h1>
        <p className="admin-muted">Priced as the same items in the customer's bag. A check order waits for the check.</p>
      </div>
      {state.formError ? (
        <p className="admin-message admin-message--error" role="alert" tabIndex={-1}>
          {state.formError}
        </p>
      ) : null}
      <Form method="post" ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="po__layout" aria-label="Phone order" data-hydrated={hydrated || undefined}>
        <CsrfField />
        <input type="hidden" name="idempotencyKey" value={values.idempotencyKey ?? ''} />
        <input type="hidden" name="paymentMethodNonce" ref={nonceRef} defaultValue="" />
        {/* The total staff read out: a price or a code that changed since is shown before anything is charged (409). */}
        <input type="hidden" name="expectedTotalCents" value={quote.quote?.totals.total.cents ?? ''} />
        <div className="po__main">
          <section className="admin-panel" aria-labelledby="po-items-heading">
            <h2 id="po-items-heading">Items</h2>
            <ProductSearch term={values.search ?? ''} search={state.search} busy={edits.state !== 'idle'} onEnter={() => edit('search')} />
            <ItemsEditor items={items} errors={errors} busy={edits.state !== 'idle'} engravingFreeMetalIds={engravingFreeMetalIds} />
            {errors.items ? <p className="admin-field__error">Items: {errors.items}</p> : null}
            <div className="po__extras">
              <label className="admin-check">
                <input type="checkbox" name="charmAssembly" defaultChecked={values.charmAssembly === 'on'} aria-describedby="po-assembly-hint" />
                Charm assembly: put the charms on the bracelet
              </label>
              <span id="po-assembly-hint" className="admin-field__hint">
                {errors.charmAssembly ?? 'Only with a bracelet in the order.'}
              </span>
              <div className="admin-field">
                <label htmlFor="po-promo">Promo code (optional)</label>
                <input id="po-promo" name="promoCode" type="text" autoComplete="off" defaultValue={values.promoCode ?? ''} {...invalid('promoCode', errors)} />
                <FieldNote name="promoCode" errors={errors} />
              </div>
            </div>
          </section>

          <fieldset className="checkout__section">
            <legend>
              <h2>Customer</h2>
            </legend>
            <div className="checkout__grid">
              <TextField name="customer.email" label="Email" type="email" autoComplete="off" inputMode="email" values={values} errors={errors} hint="The confirmation goes here." />
              <TextField name="customer.phone" label="Phone" type="tel" autoComplete="off" values={values} errors={errors} />
            </div>
          </fieldset>
          <fieldset className="checkout__section">
            <legend>
              <h2>Shipping address</h2>
            </legend>
            <AddressFields prefix="shippingAddress" section="shipping" values={values} errors={errors} />
            <div className="admin-field po__shipping-type">
              <label htmlFor="po-shipping">Shipping</label>
              <select id="po-shipping" name="shippingTypeId" defaultValue={values.shippingTypeId ?? 'ground'} {...invalid('shippingTypeId', errors)}>
                {(shippingTypes ?? loaderData.shippingTypes).map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                    {` · ${type.price.cents === 0 ? 'free' : type.price.display}`}
                  </option>
                ))}
              </select>
              <FieldNote name="shippingTypeId" errors={errors} />
            </div>
          </fieldset>
          <fieldset className="checkout__section">
            <legend>
              <h2>Billing address</h2>
            </legend>
            <label className="admin-check">
              <input type="checkbox" name="billingSame" checked={billingSame} onChange={(event) => setBillingSame(event.currentTarget.checked)} />
              Same as the shipping address
            </label>
            {billingSame ? null : <AddressFields prefix="billingAddress" section="billing" values={values} errors={errors} />}
          </fieldset>
          <fieldset className="checkout__section">
            <legend>
              <h2>Notes</h2>
            </legend>
            <div className="admin-field">
              <label htmlFor="po-comments">Order comments (optional)</label>
              <textarea id="po-comments" name="orderComments" rows={3} maxLength={1000} defaultValue={values.orderComments ?? ''} {...invalid('orderComments', errors)} />
              <FieldNote name="orderComments" errors={errors} />
            </div>
            <div className="admin-field">
              <label htmlFor="po-gift">Gift message (optional)</label>
              <textarea id="po-gift" name="giftMessage" rows={2} maxLength={300} defaultValue={values.giftMessage ?? ''} {...invalid('giftMessage', errors)} />
              <FieldNote name="giftMessage" errors={errors} />
            </div>
          </fieldset>
        </div>

        <div className="po__side">
          <QuoteSummary quote={quote.quote} problem={quote.problem} items={items} updating={quotes.state !== 'idle' || edits.state !== 'idle'} />
          <fieldset className="checkout__section">
            <legend>
              <h2>Payment</h2>
            </legend>
            <div className="po__methods">
              <label className="admin-check">
                <input type="radio" name="paymentMethod" value="card" checked={paymentMethod === 'card'} onChange={() => setPaymentMethod('card')} />
                Card (charged now)
              </label>
              <label className="admin-check">
                <input type="radio" name="paymentMethod" value="check" checked={paymentMethod === 'check'} onChange={() => setPaymentMethod('check')} />
                Check (the order waits until the check is received)
              </label>
            </div>
          </fieldset>
          {paymentMethod === 'card' ? (
            <CardForm environment={payment.environment} clientToken={payment.clientToken} errors={cardErrors} message={state.cardMessage} phone={phone} tokenizeRef={tokenizeRef} title="Card" />
          ) : state.cardMessage ? (
            <p className="admin-message admin-message--error" role="alert" tabIndex={-1}>
              {state.cardMessage}
            </p>
          ) : null}
          <button type="submit" name="intent" value="place" className="admin-button admin-button--primary po__place" disabled={placing}>
            {placing ? 'Placing the order…' : `Place order${total ? ` · ${total}` : ''}`}
          </button>
        </div>
      </Form>
    </div>
  );
}


const errorId = (name: string) => `po-${name}-error`;

function invalid(name: string, errors: Record<string, string>) {
  return errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};
}

/** A field's mistake under it (the id its input's aria-describedby names). */
function FieldNote({ name, errors }: { name: string; errors: Record<string, string> }) {
  return errors[name] ? (
    <span className="admin-field__error" id={errorId(name)}>
      {errors[name]}
    </span>
  ) : null;
}
