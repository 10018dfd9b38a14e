/**
 * The newsletter signup's rule (spec section 5): required, and a standard email pattern: something before
 * one @, a domain with at least one dot, no spaces. The same pattern the HTML email input uses.
 */
export const NEWSLETTER_EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const NEWSLETTER_INVALID_MESSAGE = 'Email address invalid';
export const NEWSLETTER_REQUIRED_MESSAGE = 'Email address required';

/** null when the address is fine, else the message to show. */
export function newsletterEmailError(value: string): string | null {
  const email = value.trim();
  if (email === '') return NEWSLETTER_REQUIRED_MESSAGE;
  return NEWSLETTER_EMAIL_PATTERN.test(email) && email.length <= 254 ? null : NEWSLETTER_INVALID_MESSAGE;
}

/**
 * The address as a subscription keeps it: without surrounding spaces, the domain lower-cased (domains are
 * case-insensitive; the local part belongs to the recipient's server, so it stays as typed). Call it on an address
 * newsletterEmailError accepted.
 */
export function normaliseNewsletterEmail(value: string): string {
  const email = value.trim();
  const at = email.lastIndexOf('@');
  return at < 0 ? email : `${email.slice(0, at)}@${email.slice(at + 1).toLowerCase()}`;
}

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_DAYS = 7;
/** A repeated signup of an address still waiting for confirmation sends the email again only after this long. */
export const NEWSLETTER_RESEND_MINUTES = 10;

/** What a signup does, given the state of the address's subscription (none, or its status and last email). */
export type NewsletterSignupOutcome = 'send-confirmation' | 'nothing';

export function newsletterSignupOutcome(
  subscription: { status: 'pending' | 'confirmed' | 'unsubscribed'; confirmationSentAt: Date | null } | undefined,
  now: Date,
): NewsletterSignupOutcome {
  if (!subscription || subscription.status === 'unsubscribed') return 'send-confirmation';
  // Already confirmed: nothing new is sent, so a signup form cannot be used to flood a subscriber's inbox.
  if (subscription.status === 'confirmed') return 'nothing';
  const last = subscription.confirmationSentAt?.getTime() ?? 0;
  return now.getTime() - last >= NEWSLETTER_RESEND_MINUTES * 60_000 ? 'send-confirmation' : 'nothing';
}
