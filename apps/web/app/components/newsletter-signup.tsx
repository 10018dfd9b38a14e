import { newsletterEmailError } from '@charms/domain/storefront-newsletter';
import { useId, useState } from 'react';
import { Form } from 'react-router';

/** Where a signup is kept: in the shopper's own browser only (the spec makes no call). */
export const NEWSLETTER_STORAGE_KEY = 'newsletter-email';

interface NewsletterSignupProps {
  /** Server-rendered state after a submit without JavaScript (the /newsletter route). */
  initialError?: string | null;
  initialDone?: boolean;
  storage?: Pick<Storage, 'setItem'>;
}

/**
 * The footer's newsletter signup. With JavaScript the address is checked here, kept in local storage, the field
 * cleared and the form replaced by a notice. Without it, the form posts to /newsletter, which checks the same
 * rule and answers with the same notice (keeping nothing).
 */
export function NewsletterSignup({ initialError = null, initialDone = false, storage }: NewsletterSignupProps) {
  const [error, setError] = useState<string | null>(initialError);
  const [done, setDone] = useState(initialDone);
  const [email, setEmail] = useState('');
  const id = useId();
  const errorId = `${id}-error`;

  if (done) {
    return (
      <div className="newsletter" role="status">
        <h2 className="site-footer__heading">Newsletter</h2>
        <p className="newsletter__done">Thank you! You are signed up for our newsletter.</p>
      </div>
    );
  }

  return (
    <Form
      method="post"
      action="/newsletter"
      className="newsletter"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = newsletterEmailError(email);
        setError(problem);
        if (problem) {
          document.getElementById(`${id}-email`)?.focus();
          return;
        }
        try {
          (storage ?? window.localStorage).setItem(NEWSLETTER_STORAGE_KEY, email.trim());
        } catch {
          // Storage switched off: the notice still shows; there is nothing else to keep.
        }
        setEmail('');
        setDone(true);
      }}
    >
      <h2 className="site-footer__heading" id={`${id}-heading`}>
        Newsletter
      </h2>
      <p>New charms and offers, now and then.</p>
      <label htmlFor={`${id}-email`}>Email address</label>
      <div className="newsletter__row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            // Re-check as the shopper corrects a rejected address; a new one is only judged on submit.
            if (error) setError(newsletterEmailError(event.target.value));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit">Sign up</button>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
