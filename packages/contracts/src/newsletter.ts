import { newsletterEmailError } from '@charms/domain/storefront-newsletter';
import { z } from 'zod';

/**
 * The newsletter, double opt-in: POST /newsletter/subscriptions sends a confirmation email; its link's token is
 * posted to /newsletter/confirm; every newsletter email's unsubscribe link's token is posted to
 * /newsletter/unsubscribe.
 */

/** POST /newsletter/subscriptions: the footer's address, under the footer's own rule and messages. */
export const newsletterSubscribeBodySchema = z
  .object({
    email: z
      .string()
      .max(320, { message: 'Email address invalid' })
      .superRefine((value, context) => {
        const problem = newsletterEmailError(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .describe('The address to subscribe; spaces around it are ignored, the whole address is compared without case'),
  })
  .meta({ id: 'NewsletterSubscribe' });
export type NewsletterSubscribeBody = z.infer<typeof newsletterSubscribeBodySchema>;

/** The same answer whatever the address's state, so the call cannot tell anyone whether an address is subscribed. */
export const newsletterSubscribeResponseSchema = z
  .object({
    status: z.literal('check-inbox'),
    message: z.string().describe('What to tell the shopper'),
  })
  .meta({ id: 'NewsletterSubscribeAnswer' });
export type NewsletterSubscribeResponse = z.infer<typeof newsletterSubscribeResponseSchema>;

/** A confirmation link's token: 32 random bytes, base64url. */
export const NEWSLETTER_CONFIRM_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** An unsubscribe link's token: the subscription's id, a dot, and its signature (HMAC-SHA256, base64url). */
export const NEWSLETTER_UNSUBSCRIBE_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

const linkToken = (pattern: RegExp) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be the token from the email’s link') })
    .regex(pattern, { message: 'must be the token from the email’s link' });

/** POST /newsletter/confirm */
export const newsletterConfirmBodySchema = z
  .object({ token: linkToken(NEWSLETTER_CONFIRM_TOKEN).describe('The `token` of the confirmation link') })
  .meta({ id: 'NewsletterConfirm' });
export type NewsletterConfirmBody = z.infer<typeof newsletterConfirmBodySchema>;

export const newsletterConfirmResponseSchema = z.object({ status: z.literal('confirmed') }).meta({ id: 'NewsletterConfirmed' });
export type NewsletterConfirmResponse = z.infer<typeof newsletterConfirmResponseSchema>;

/** POST /newsletter/unsubscribe */
export const newsletterUnsubscribeBodySchema = z
  .object({ token: linkToken(NEWSLETTER_UNSUBSCRIBE_TOKEN).describe('The `token` of the unsubscribe link') })
  .meta({ id: 'NewsletterUnsubscribe' });
export type NewsletterUnsubscribeBody = z.infer<typeof newsletterUnsubscribeBodySchema>;

export const newsletterUnsubscribeResponseSchema = z.object({ status: z.literal('unsubscribed') }).meta({ id: 'NewsletterUnsubscribed' });
export type NewsletterUnsubscribeResponse = z.infer<typeof newsletterUnsubscribeResponseSchema>;
