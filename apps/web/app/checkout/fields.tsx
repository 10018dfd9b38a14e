import { STATE_PROVINCES } from '@charms/domain/shipping';
import type { ReactNode } from 'react';
import { ADDRESS_FIELDS, type FieldErrors } from './order-form';

/** Ids from field names: `shippingAddress.city` -> `shippingAddress-city`. */
export const fieldId = (name: string) => name.replace(/\./g, '-');

/** The message under a field, tied to it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="checkout__error">
      {message}
    </p>
  ) : null;
}

export function errorProps(name: string, errors: FieldErrors, hintId?: string) {
  const id = fieldId(name);
  const describedBy = [hintId, errors[name] ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': errors[name] ? (true as const) : undefined, 'aria-describedby': describedBy || undefined };
}

/** An API message ("must be a ZIP code such as 78701") said about its field. */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^(must|is|are|should)\b/.test(message) ? `${label} ${message}.`.replace(/\.\.$/, '.') : message;
}

interface TextFieldProps {
  name: string;
  label: string;
  autoComplete: string;
  values: Record<string, string>;
  errors: FieldErrors;
  type?: 'text' | 'email' | 'tel';
  required?: boolean;
  hint?: ReactNode;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  className?: string;
}

export function TextField({ name, label, autoComplete, values, errors, type = 'text', required = true, hint, inputMode, className }: TextFieldProps) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`checkout__field ${className ?? ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="checkout__optional"> (optional)</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        defaultValue={values[name] ?? ''}
        aria-required={required || undefined}
        {...errorProps(name, errors, hintId)}
      />
      {hint ? (
        <p id={hintId} className="checkout__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={fieldMessage(label, errors[name])} />
    </div>
  );
}

const GROUPS = [
  { label: 'States and DC', regions: ['contiguous', 'alaska-hawaii'] },
  { label: 'U.S. territories', regions: ['territory'] },
  { label: 'Military addresses (APO/FPO)', regions: ['military'] },
] as const;

interface AddressFieldsProps {
  prefix: 'shippingAddress' | 'billingAddress';
  /** The autocomplete section: `shipping` or `billing`. */
  section: 'shipping' | 'billing';
  values: Record<string, string>;
  errors: FieldErrors;
  onStateChange?: (code: string) => void;
}

/** Name and US address, with autocomplete tokens for the section, and the Canada-via-Alaska note on the state. */
export function AddressFields({ prefix, section, values, errors, onStateChange }: AddressFieldsProps) {
  const name = (field: (typeof ADDRESS_FIELDS)[number]) => `${prefix}.${field}`;
  const stateName = name('stateProvince');
  const stateId = fieldId(stateName);
  return (
    <div className="checkout__grid">
      <TextField name={name('firstName')} label="First name" autoComplete={`section-${section} ${section} given-name`} values={values} errors={errors} />
      <TextField name={name('lastName')} label="Last name" autoComplete={`section-${section} ${section} family-name`} values={values} errors={errors} />
      <TextField name={name('address1')} label="Street address" autoComplete={`section-${section} ${section} address-line1`} values={values} errors={errors} className="checkout__field--wide" />
      <TextField
        name={name('address2')}
        label="Apartment, suite, unit"
        autoComplete={`section-${section} ${section} address-line2`}
        values={values}
        errors={errors}
        required={false}
        className="checkout__field--wide"
      />
      <TextField name={name('city')} label="City" autoComplete={`section-${section} ${section} address-level2`} values={values} errors={errors} />
      <div className="checkout__field">
        <label htmlFor={stateId}>State</label>
        <select
          id={stateId}
          name={stateName}
          autoComplete={`section-${section} ${section} address-level1`}
          defaultValue={values[stateName] ?? ''}
          aria-required
          onChange={onStateChange ? (event) => onStateChange(event.currentTarget.value) : undefined}
          {...errorProps(stateName, errors, section === 'shipping' ? `${stateId}-hint` : undefined)}
        >
          <option value="">Choose a state</option>
          {GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {STATE_PROVINCES.filter((state) => (group.regions as readonly string[]).includes(state.region)).map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {section === 'shipping' ? (
          <p id={`${stateId}-hint`} className="checkout__hint">
            Shipping to Canada? Choose Alaska and write your Canadian address in the order comments.
          </p>
        ) : null}
        <FieldError id={`${stateId}-error`} message={fieldMessage('State', errors[stateName])} />
      </div>
      <TextField name={name('postalCode')} label="ZIP code" autoComplete={`section-${section} ${section} postal-code`} inputMode="numeric" values={values} errors={errors} />
    </div>
  );
}
