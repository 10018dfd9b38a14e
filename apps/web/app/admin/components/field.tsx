import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  /** The API's (or the page's) word on this field, shown under it and tied to it for screen readers. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input with its hint and its mistake, if any. */
export function Field({ label, name, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`admin-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <span className="admin-field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="admin-field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
