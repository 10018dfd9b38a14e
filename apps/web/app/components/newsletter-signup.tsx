import { newsletterEmailError } from '@charms/domain/storefront-newsletter';
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import '../styles/newsletter.css';

/** What the /newsletter action answers: done, or the field's message, or a problem with the signup as a whole. */
export type NewsletterAnswer = { done: true } | { done: false; error: string | null; problem: string | null };

/** Where an earlier version of the shop kept the address, in the browser only; cleared on sight. */
const OLD_STORAGE_KEY = 'newsletter-email';

export const NEWSLETTER_CHECK_INBOX = 'Almost done! Check your inbox: we have sent you an email to confirm your subscription.';

interface NewsletterSignupProps {
  /** The answer the /newsletter page got without JavaScript (server-rendered). */
  answer?: NewsletterAnswer | undefined;
}

/**
 * The footer's newsletter signup, double opt-in. The address is checked here first (the same rule as the server),
 * then posted to /newsletter, whose action asks the API to send a confirmation email; the form then gives way to a
 * notice saying so. With JavaScript the post goes through a fetcher, so the page stays where it is; without it the
 * form posts to /newsletter, which answers with the same form or notice. The address is kept in no cookie and no
 * browser storage.
 */
export function NewsletterSignup({ answer }: NewsletterSignupProps) {
  const fetcher = useFetcher<NewsletterAnswer>();
  const result = fetcher.data ?? answer;
  const [error, setError] = useState<string | null>(answer && !answer.done ? answer.error : null);
  const [email, setEmail] = useState('');
  const id = useId();
  const errorId = `${id}-error`;
  const problemId = `${id}-problem`;
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Earlier versions kept the address in local storage; nothing does now, so whatever they left goes.
    try {
      window.localStorage.removeItem(OLD_STORAGE_KEY);
    } catch {
      // Storage switched off: there is nothing to clear.
    }
  }, []);

  useEffect(() => {
    // The server's verdict replaces the browser's (the same rule; a refusal there is rare).
    if (fetcher.data && !fetcher.data.done) {
      setError(fetcher.data.error);
      if (fetcher.data.error) field.current?.focus();
    }
  }, [fetcher.data]);

  if (result?.done) {
    return (
      <div className="newsletter" role="status">
        <h2 className="site-footer__heading">Newsletter</h2>
        <p className="newsletter__done">{NEWSLETTER_CHECK_INBOX}</p>
      </div>
    );
  }

  const problem = result && !result.done && fetcher.state === 'idle' ? result.problem : null;
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      method="post"
      action="/newsletter"
      className="newsletter"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        const found = newsletterEmailError(email);
        setError(found);
        if (found) {
          event.preventDefault();
          field.current?.focus();
        }
      }}
    >
      <h2 className="site-footer__heading" id={`${id}-heading`}>
        Newsletter
      </h2>
      <p>New charms and offers, now and then.</p>
      <label htmlFor={`${id}-email`}>Email address</label>
      <div className="newsletter__row">
        <input
          ref={field}
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
          aria-describedby={[error ? errorId : null, problem ? problemId : null].filter(Boolean).join(' ') || undefined}
        />
        <button type="submit" disabled={busy}>
          Sign up
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="newsletter__fine-print">We email you a link to confirm. Every newsletter has a link to unsubscribe.</p>
    </fetcher.Form>
  );
}
