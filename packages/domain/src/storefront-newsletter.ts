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
