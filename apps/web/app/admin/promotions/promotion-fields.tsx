import { timeZoneInWords } from '../../lib/store-terms';
import { Field } from '../components/field';
import { useTimeZone } from '../use-time-zone';
import type { PromotionFormValues } from './promotion-form';

/**
 * The promotion's fields, shared by the new and the edit page: each with its hint and the API's word on it.
 * `disabled` shows them read-only (a staff member reads; only owners change promotions).
 */
export function PromotionFields({ values, errors, disabled = false }: { values: PromotionFormValues; errors: Record<string, string>; disabled?: boolean }) {
  const kindError = errors.kind;
  // Dates are typed in the store's time zone (its settings): "Central time".
  const zone = timeZoneInWords(useTimeZone());
  return (
    <fieldset className="admin-form admin-form--columns promo-form__fields" disabled={disabled}>
      <legend className="visually-hidden">The promotion</legend>
      <Field
        label="Code"
        name="code"
        defaultValue={values.code}
        required
        maxLength={30}
        autoComplete="off"
        spellCheck={false}
        className="promo-code-field"
        hint="3 to 30 letters and digits; shoppers may type it in any case."
        error={errors.code}
      />
      <Field label="Description" name="description" className="promo-description" defaultValue={values.description} required maxLength={200} hint="For staff: what the code is for." error={errors.description} />
      <fieldset className="admin-fieldset admin-form__wide" aria-describedby={kindError ? 'promo-kind-error' : undefined}>
        <legend>Discount</legend>
        <div className="promo-kind">
          <label className="admin-check">
            <input type="radio" name="kind" value="percent" defaultChecked={values.kind !== 'amount'} /> Percent off merchandise
          </label>
          <label className="admin-check">
            <input type="radio" name="kind" value="amount" defaultChecked={values.kind === 'amount'} /> Dollars off merchandise
          </label>
        </div>
        {kindError ? (
          <span className="admin-field__error" id="promo-kind-error">
            {kindError}
          </span>
        ) : null}
      </fieldset>
      <Field label="Value" name="value" defaultValue={values.value} required inputMode="decimal" hint="A whole percent from 1 to 100 (15), or dollars (12.50)." error={errors.value} />
      <Field label="Minimum order ($)" name="minimumOrder" defaultValue={values.minimumOrder} inputMode="decimal" hint="Merchandise the bag needs; empty for none." error={errors.minimumOrder} />
      <Field label={`Starts (${zone})`} name="startsAt" type="datetime-local" defaultValue={values.startsAt} hint="Empty: at once." error={errors.startsAt} />
      <Field label={`Ends (${zone})`} name="endsAt" type="datetime-local" defaultValue={values.endsAt} hint="Empty: until ended." error={errors.endsAt} />
      <Field label="Total uses" name="maxUses" defaultValue={values.maxUses} inputMode="numeric" hint="Orders in all; empty for no limit." error={errors.maxUses} />
      <Field label="Uses per shopper" name="maxUsesPerSession" defaultValue={values.maxUsesPerSession} inputMode="numeric" hint="Orders per shopper; empty for no limit." error={errors.maxUsesPerSession} />
    </fieldset>
  );
}

/** Reads the form's fields (missing ones as ''). */
export function valuesFrom(form: FormData, names: readonly string[]): PromotionFormValues {
  return Object.fromEntries(names.map((name) => [name, typeof form.get(name) === 'string' ? (form.get(name) as string) : ''])) as PromotionFormValues;
}
