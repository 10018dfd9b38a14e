import { type AdminOrder, CARRIERS } from '@charms/contracts/admin-orders';
import { Form, useNavigation } from 'react-router';
import type { FormResult } from '../form-result';
import { CsrfField } from './csrf-field';
import { Field } from './field';

/**
 * The forms of an order's page, each shown only when the order's state allows it (allowedActions, from the API's
 * state machine). A refusal is said next to its form (role=alert); a success at the top of the page (role=status).
 */
interface FormProps {
  detail: AdminOrder;
  /** This form's refusal, if the last post was this form's and failed. */
  result: FormResult | undefined;
}

function Problem({ result }: { result: FormResult | undefined }) {
  if (!result || result.ok || result.code === 'CONFIRM') return null;
  return (
    <p className="admin-message admin-message--error" role="alert">
      {result.message}
    </p>
  );
}

function Submit({ intent, children, variant = 'primary' }: { intent: string; children: React.ReactNode; variant?: 'primary' | 'danger' | 'plain' }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" name="intent" value={intent} className={`admin-button${variant === 'plain' ? '' : ` admin-button--${variant}`}`} disabled={busy}>
      {children}
    </button>
  );
}

export function MarkPaidForm({ result }: FormProps) {
  return (
    <section className="admin-panel" aria-labelledby="mark-paid">
      <h2 id="mark-paid">Payment received</h2>
      <Form method="post" className="admin-form" key={result?.ok ? 'done' : 'open'}>
        <CsrfField />
        <Field label="Check number or note (optional)" name="reference" maxLength={100} defaultValue={result?.values?.reference} error={result?.fields?.reference} />
        <Problem result={result} />
        <div className="admin-actions">
          <Submit intent="mark_paid">Mark paid</Submit>
        </div>
      </Form>
    </section>
  );
}

export function ShipForm({ result }: FormProps) {
  return (
    <section className="admin-panel" aria-labelledby="ship">
      <h2 id="ship">Ship</h2>
      <Form method="post" className="admin-form">
        <CsrfField />
        <div className="admin-field">
          <label htmlFor="ship-carrier">Carrier</label>
          <select id="ship-carrier" name="carrier" defaultValue="USPS" aria-invalid={result?.fields?.carrier ? true : undefined}>
            {CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {carrier}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Tracking number"
          name="trackingNumber"
          autoComplete="off"
          spellCheck={false}
          required
          defaultValue={result?.values?.trackingNumber}
          hint="As the carrier printed it; spaces are fine."
          error={result?.fields?.trackingNumber}
        />
        <Problem result={result} />
        <div className="admin-actions">
          <Submit intent="ship">Mark shipped and email the customer</Submit>
        </div>
      </Form>
    </section>
  );
}

export function RefundForm({ detail, result }: FormProps) {
  return (
    <section className="admin-panel" aria-labelledby="refund">
      <h2 id="refund">Refund</h2>
      <p className="admin-muted">Up to {detail.refundable.display} can still be refunded.</p>
      <Form method="post" className="admin-form" key={result?.ok ? `done-${detail.refunded.cents}` : 'open'}>
        <CsrfField />
        {/* The full-refund button sends full=yes instead of the intent button's value: the intent travels here too. */}
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="refundable" value={detail.refundable.cents} />
        <Field label="Amount in dollars" name="amount" inputMode="decimal" autoComplete="off" placeholder="12.50" defaultValue={result?.values?.amount} error={result?.fields?.amount} />
        <ReasonField id="refund-reason" defaultValue={result?.values?.reason} error={result?.fields?.reason} />
        <Problem result={result} />
        <div className="admin-actions">
          <Submit intent="refund">Refund this amount</Submit>
          <button type="submit" name="full" value="yes" className="admin-button">
            Refund all ({detail.refundable.display})
          </button>
        </div>
      </Form>
    </section>
  );
}

export function CancelForm({ detail, result }: FormProps) {
  const confirming = result?.code === 'CONFIRM';
  return (
    <section className="admin-panel" aria-labelledby="cancel">
      <h2 id="cancel">Cancel the order</h2>
      <Form method="post" className="admin-form">
        <CsrfField />
        {confirming ? (
          <>
            <p className="admin-message admin-message--error" role="alert">
              {result.message}
            </p>
            <input type="hidden" name="reason" value={result.values?.reason ?? ''} />
            <input type="hidden" name="confirmed" value="yes" />
            <p>
              Reason: <q>{result.values?.reason}</q>
            </p>
            <div className="admin-actions">
              <Submit intent="cancel" variant="danger">
                Yes, cancel order {detail.order.number}
              </Submit>
              <a className="admin-button" href="#cancel">
                Keep the order
              </a>
            </div>
          </>
        ) : (
          <>
            <p className="admin-muted">The payment is voided if it has not settled yet, otherwise refunded in full.</p>
            <ReasonField id="cancel-reason" defaultValue={result?.values?.reason} error={result?.fields?.reason} />
            <Problem result={result} />
            <div className="admin-actions">
              <Submit intent="cancel" variant="plain">
                Cancel order…
              </Submit>
            </div>
          </>
        )}
      </Form>
    </section>
  );
}

export function ResendForm({ result }: FormProps) {
  return (
    <Form method="post" className="admin-form">
      <CsrfField />
      <Problem result={result} />
      <Submit intent="resend" variant="plain">
        Resend the confirmation email
      </Submit>
    </Form>
  );
}

export function NoteForm({ detail, result }: FormProps) {
  return (
    <section className="admin-panel" aria-labelledby="note">
      <h2 id="note">Internal note</h2>
      <Form method="post" className="admin-form" key={`note-${detail.events.length}`}>
        <CsrfField />
        <div className="admin-field">
          <label htmlFor="note-text">Note (staff only; never shown to the customer)</label>
          <textarea id="note-text" name="text" rows={3} maxLength={2000} required defaultValue={result?.ok ? '' : result?.values?.text} aria-invalid={result?.fields?.text ? true : undefined} />
          {result?.fields?.text ? <span className="admin-field__error">{result.fields.text}</span> : null}
        </div>
        <Problem result={result} />
        <div className="admin-actions">
          <Submit intent="note" variant="plain">
            Add note
          </Submit>
        </div>
      </Form>
    </section>
  );
}

function ReasonField({ id, defaultValue, error }: { id: string; defaultValue: string | undefined; error: string | undefined }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>Reason</label>
      <textarea id={id} name="reason" rows={2} maxLength={500} required defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <span className="admin-field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
