import { NEWSLETTER_CONFIRM_DAYS } from '@charms/domain/storefront-newsletter';
import { escapeHtml } from './order-confirmation';

/** The links a newsletter email carries, absolute (built from PUBLIC_BASE_URL). */
export interface NewsletterLinks {
  confirm: string;
  unsubscribe: string;
}

/**
 * The headers every newsletter email carries: the unsubscribe link for the mail program's own button, and
 * RFC 8058's one-click marker, so the program unsubscribes with one POST to that link, without opening a page.
 */
export function newsletterHeaders(unsubscribeLink: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** "Please confirm your subscription": the confirm link (works once, for 7 days) and the unsubscribe link. */
export function renderNewsletterConfirmation(links: NewsletterLinks, store: { name: string }): { subject: string; html: string; text: string } {
  const text = [
    `Thank you for signing up for the ${store.name} newsletter: new charms and offers, now and then.`,
    '',
    'Please confirm that this is your address by opening this link and pressing "Confirm my subscription":',
    links.confirm,
    '',
    `The link works once, for ${NEWSLETTER_CONFIRM_DAYS} days. If you did not sign up, ignore this email: without a confirmation we send you nothing more.`,
    '',
    `Unsubscribe: ${links.unsubscribe}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#2b2622;max-width:600px;margin:auto">
<h1 style="font-size:22px">Please confirm your subscription</h1>
<p>Thank you for signing up for the ${escapeHtml(store.name)} newsletter: new charms and offers, now and then.</p>
<p>Please confirm that this is your address:</p>
<p><a href="${escapeHtml(links.confirm)}" style="display:inline-block;padding:10px 18px;background:#2b2622;color:#fff;text-decoration:none;border-radius:4px">Confirm my subscription</a></p>
<p style="font-size:14px">The link works once, for ${NEWSLETTER_CONFIRM_DAYS} days. If you did not sign up, ignore this email: without a confirmation we send you nothing more.</p>
<p style="font-size:12px;color:#6b625b"><a href="${escapeHtml(links.unsubscribe)}" style="color:#6b625b">Unsubscribe</a></p>
</body></html>`;
  return { subject: `Please confirm your ${store.name} newsletter subscription`, html, text };
}
