import { type MutableRefObject, useEffect, useRef, useState } from 'react';
import { type CardTokenizeResult, createHostedCardForm, loadBraintreeWeb } from './braintree-hosted-fields';
import { FieldError } from './fields';
import { type CardErrors, type CardField, tokenizeTestCard } from './test-tokenizer';

export type Tokenize = () => Promise<CardTokenizeResult>;

interface CardFormProps {
  environment: 'test' | 'sandbox' | 'production';
  clientToken: string;
  errors: CardErrors;
  /** The payment's answer (a decline, an unusable card), shown at the card form. */
  message: string | undefined;
  phone: string;
  tokenizeRef: MutableRefObject<Tokenize | null>;
  /** The section's heading (the staff's phone order, which also takes checks, calls it "Card"). */
  title?: string;
}

const LABELS: Record<CardField, string> = { number: 'Card number', expiry: 'Expiry date (MM/YY)', cvv: 'Security code (CVV)' };

/**
 * The card: typed into our inputs and turned into a sandbox nonce in this browser (test mode), or typed into
 * Braintree's Hosted Fields (sandbox, production). Either way the inputs have no name: only the nonce is posted.
 */
export function CardForm({ environment, clientToken, errors, message, phone, tokenizeRef, title = 'Payment' }: CardFormProps) {
  return (
    <fieldset className="checkout__section checkout__card" aria-describedby={message ? 'card-message' : undefined}>
      <legend>
        <h2>{title}</h2>
      </legend>
      {environment === 'test' ? <TestModeNotice /> : null}
      <noscript>
        <p className="checkout__alert">
          Paying by card needs JavaScript, so that your card number is read securely in your browser and never sent to us. Please turn JavaScript on, or call us on {phone}{' '}
          (Monday to Friday) to order by phone.
        </p>
      </noscript>
      {message ? (
        <p id="card-message" className="checkout__alert" role="alert" tabIndex={-1}>
          {message}
        </p>
      ) : null}
      {environment === 'test' ? <TestCardFields errors={errors} tokenizeRef={tokenizeRef} /> : <HostedCardFields clientToken={clientToken} errors={errors} tokenizeRef={tokenizeRef} />}
    </fieldset>
  );
}

function TestModeNotice() {
  return (
    <div className="checkout__notice" role="note" aria-labelledby="test-mode-heading">
      <p id="test-mode-heading">
        <strong>Test mode: no card is charged.</strong> Use one of these test cards with any future expiry date and any 3-digit security code:
      </p>
      <ul>
        <li>4111 1111 1111 1111 (Visa)</li>
        <li>5555 5555 5555 4444 (Mastercard)</li>
        <li>6011 0009 9130 0009 (Discover)</li>
        <li>3782 822463 10005 (American Express, 4-digit security code)</li>
        <li>4000 1111 1111 1115 is declined, to show what a declined card looks like</li>
      </ul>
    </div>
  );
}

function CardInputError({ field, errors }: { field: CardField; errors: CardErrors }) {
  return <FieldError id={`card-${field}-error`} message={errors[field]} />;
}

const invalid = (field: CardField, errors: CardErrors) => ({
  'aria-invalid': errors[field] ? (true as const) : undefined,
  'aria-describedby': errors[field] ? `card-${field}-error` : undefined,
});

function TestCardFields({ errors, tokenizeRef }: { errors: CardErrors; tokenizeRef: MutableRefObject<Tokenize | null> }) {
  const number = useRef<HTMLInputElement>(null);
  const expiry = useRef<HTMLInputElement>(null);
  const cvv = useRef<HTMLInputElement>(null);
  useEffect(() => {
    tokenizeRef.current = async () => tokenizeTestCard({ number: number.current?.value ?? '', expiry: expiry.current?.value ?? '', cvv: cvv.current?.value ?? '' }, new Date());
    return () => {
      tokenizeRef.current = null;
    };
  }, [tokenizeRef]);
  return (
    <div className="checkout__grid checkout__card-fields">
      <div className="checkout__field checkout__field--wide">
        <label htmlFor="card-number">{LABELS.number}</label>
        <input id="card-number" ref={number} type="text" inputMode="numeric" autoComplete="cc-number" {...invalid('number', errors)} />
        <CardInputError field="number" errors={errors} />
      </div>
      <div className="checkout__field">
        <label htmlFor="card-expiry">{LABELS.expiry}</label>
        <input id="card-expiry" ref={expiry} type="text" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" {...invalid('expiry', errors)} />
        <CardInputError field="expiry" errors={errors} />
      </div>
      <div className="checkout__field">
        <label htmlFor="card-cvv">{LABELS.cvv}</label>
        <input id="card-cvv" ref={cvv} type="text" inputMode="numeric" autoComplete="cc-csc" {...invalid('cvv', errors)} />
        <CardInputError field="cvv" errors={errors} />
      </div>
    </div>
  );
}

/** Braintree's iframes inside our labelled boxes; loaded only here, in the browser, when checkout opens. */
function HostedCardFields({ clientToken, errors, tokenizeRef }: { clientToken: string; errors: CardErrors; tokenizeRef: MutableRefObject<Tokenize | null> }) {
  const number = useRef<HTMLDivElement>(null);
  const expiry = useRef<HTMLDivElement>(null);
  const cvv = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let cancelled = false;
    let teardown: (() => Promise<void>) | undefined;
    (async () => {
      try {
        const braintree = await loadBraintreeWeb();
        const form = await createHostedCardForm(braintree, { authorization: clientToken, containers: { number: number.current!, expiry: expiry.current!, cvv: cvv.current! } });
        teardown = form.teardown;
        if (cancelled) return void form.teardown();
        tokenizeRef.current = form.tokenize;
        setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      tokenizeRef.current = null;
      void teardown?.().catch(() => {});
    };
  }, [clientToken, tokenizeRef]);
  return (
    <div className="checkout__grid checkout__card-fields" aria-busy={state === 'loading' || undefined}>
      {state === 'failed' ? (
        <p className="checkout__alert" role="alert">
          The secure card form could not load. Please reload the page, or call us to order by phone.
        </p>
      ) : null}
      {(['number', 'expiry', 'cvv'] as const).map((field) => (
        <div key={field} className={`checkout__field${field === 'number' ? ' checkout__field--wide' : ''}`}>
          {/* Braintree's documented markup: the label points at the container; the iframe inside gets a title. */}
          <label htmlFor={`card-${field}`}>{LABELS[field]}</label>
          <div id={`card-${field}`} ref={field === 'number' ? number : field === 'expiry' ? expiry : cvv} className="checkout__hosted" />
          <CardInputError field={field} errors={errors} />
        </div>
      ))}
    </div>
  );
}
