import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { NewsletterConfirmResponse, NewsletterSubscribeResponse, NewsletterUnsubscribeResponse } from '@charms/contracts/newsletter';
import { NEWSLETTER_CONFIRM_DAYS, newsletterSignupOutcome, normaliseNewsletterEmail } from '@charms/domain/storefront-newsletter';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { emailOutbox, newsletterSubscriptions } from '../db/schema';
import { newsletterHeaders, renderNewsletterConfirmation } from '../email/newsletter-confirmation';
import { HttpError } from '../http-error';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { addressKey } from './attempt-limits';

export interface NewsletterContext {
  db: Db;
  limiter: RateLimiter;
  /** The order links' secret (ORDER_LINK_SECRET, else the one kept in the database); signatures here are prefixed apart. */
  linkSecret: string;
  publicBaseUrl: string;
  storeName: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Called once a confirmation email is queued (sends it now rather than on the next timer tick). */
  emailQueued: () => void;
}

/** Signups: a household signs up a few addresses; a script signing up strangers' addresses needs many. */
export const SIGNUPS_PER_ADDRESS = { limit: 10, windowSeconds: 60 * 60 };
/** Signups of one email address: a few retries; not a way to flood one inbox (resends are throttled as well). */
export const SIGNUPS_PER_EMAIL = { limit: 5, windowSeconds: 60 * 60 };
/** Confirm and unsubscribe calls per client address: far more than a person clicks, far too few to try tokens. */
export const LINK_USES_PER_ADDRESS = { limit: 30, windowSeconds: 15 * 60 };

export const NEWSLETTER_CHECK_INBOX = 'Check your inbox: we have sent you an email to confirm your subscription.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The unsubscribe link's token for one subscription: its id and an HMAC of it. Links never expire. */
export function newsletterUnsubscribeToken(id: string, secret: string): string {
  return `${id}.${unsubscribeSignature(id, secret)}`;
}

// The `newsletter-unsubscribe:` prefix keeps these signatures apart from the order links' (`order:`) made with the same secret.
const unsubscribeSignature = (id: string, secret: string) => createHmac('sha256', secret).update(`newsletter-unsubscribe:${id}`).digest('base64url');

/** Counts one attempt against every key; refuses it with 429 and Retry-After when any is over its limit. */
async function limit(limiter: RateLimiter, checks: { key: string; limit: number; windowSeconds: number }[], message: (minutes: number) => string) {
  const attempts = await Promise.all(checks.map((check) => limiter.take(check.key, check.limit, check.windowSeconds)));
  const wait = Math.max(...attempts.map((attempt) => attempt.retryAfter));
  if (wait > 0) {
    // A refused attempt costs nothing more (as in attempt-limits.ts).
    await Promise.all(attempts.map((attempt) => attempt.giveBack().catch(() => {})));
    const minutes = Math.ceil(wait / 60);
    throw new HttpError(429, 'RATE_LIMITED', message(minutes), undefined, { 'retry-after': String(wait) });
  }
}

const waitText = (minutes: number) => `${minutes} minute${minutes > 1 ? 's' : ''}`;

/**
 * A signup. Whatever the address's state (new, waiting, confirmed, unsubscribed) the answer is the same, so the
 * call tells nobody whether an address is on the list. A new (or unsubscribed) address gets a confirmation email;
 * one still waiting gets it again only NEWSLETTER_RESEND_MINUTES after the last; a confirmed one gets nothing.
 */
export async function subscribe(context: NewsletterContext, given: string, clientIp: string): Promise<NewsletterSubscribeResponse> {
  const email = normaliseNewsletterEmail(given);
  // The counter's key holds a hash of the address, never the address: counters are rows (or Redis keys) too.
  await limit(
    context.limiter,
    [
      { key: `newsletter:address:${addressKey(clientIp)}`, ...SIGNUPS_PER_ADDRESS },
      { key: `newsletter:email:${sha256(email.toLowerCase())}`, ...SIGNUPS_PER_EMAIL },
    ],
    (minutes) => `Too many sign-ups. Please wait ${waitText(minutes)} and try again.`,
  );
  const now = context.now();
  const queued = await context.db.transaction(async (tx) => {
    // The address typed again in other capitals is the same inbox (mail servers ignore case in practice): the
    // subscription first signed up is found, so one inbox never holds two subscriptions, nor gets mail after an
    // unsubscribe from one of them.
    const sameInbox = sql`lower(${newsletterSubscriptions.email}) = lower(${email})`;
    const find = () => tx.select().from(newsletterSubscriptions).where(sameInbox).orderBy(newsletterSubscriptions.createdAt).limit(1).for('update');
    let [row] = await find();
    if (!row) {
      // Two signups of a new address at once: one inserts, the other finds its row (and waits for its lock).
      await tx.insert(newsletterSubscriptions).values({ id: randomUUID(), email, status: 'pending' }).onConflictDoNothing();
      [row] = await find();
    }
    if (!row) throw new Error('newsletter subscription row missing after insert');
    if (newsletterSignupOutcome(row, now) === 'nothing') return null;
    const token = randomBytes(32).toString('base64url');
    await tx
      .update(newsletterSubscriptions)
      .set({
        status: 'pending',
        confirmTokenHash: sha256(token),
        confirmExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_DAYS * 24 * 60 * 60_000),
        confirmationSentAt: now,
        updatedAt: now,
      })
      .where(eq(newsletterSubscriptions.id, row.id));
    const unsubscribe = new URL(`/newsletter/unsubscribe?token=${newsletterUnsubscribeToken(row.id, context.linkSecret)}`, context.publicBaseUrl).toString();
    const confirm = new URL(`/newsletter/confirm?token=${token}`, context.publicBaseUrl).toString();
    const message = renderNewsletterConfirmation({ confirm, unsubscribe }, { name: context.storeName });
    const emailId = randomUUID();
    await tx.insert(emailOutbox).values({ id: emailId, kind: 'newsletter_confirmation', to: email, ...message, headers: newsletterHeaders(unsubscribe) });
    return { subscriptionId: row.id, emailId };
  });
  // Ids only: the address never goes into a log line.
  context.log.info({ subscriptionId: queued?.subscriptionId, emailId: queued?.emailId, confirmationQueued: queued !== null }, 'newsletter signup');
  if (queued) context.emailQueued();
  return { status: 'check-inbox', message: NEWSLETTER_CHECK_INBOX };
}

/**
 * Confirms the subscription a confirmation link's token belongs to. Only tokens we do not know count against the
 * client address's limit (guessing makes only those), so an office or a school behind one address is never refused.
 */
export async function confirm(context: NewsletterContext, token: string, clientIp: string): Promise<NewsletterConfirmResponse> {
  const now = context.now();
  const answer = await context.db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.confirmTokenHash, sha256(token))).for('update');
    if (!row) return 'unknown' as const;
    if (row.status === 'confirmed') {
      throw new HttpError(409, 'NEWSLETTER_LINK_USED', 'This confirmation link has already been used: your subscription is confirmed.');
    }
    if (!row.confirmExpiresAt || row.confirmExpiresAt.getTime() <= now.getTime()) {
      throw new HttpError(410, 'NEWSLETTER_LINK_EXPIRED', `This confirmation link has expired (links work for ${NEWSLETTER_CONFIRM_DAYS} days). Sign up again to get a new one.`);
    }
    await tx.update(newsletterSubscriptions).set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null, updatedAt: now }).where(eq(newsletterSubscriptions.id, row.id));
    context.log.info({ subscriptionId: row.id }, 'newsletter subscription confirmed');
    return { status: 'confirmed' as const };
  });
  if (answer === 'unknown') {
    // Counted after the transaction: the limiter may use the database too.
    await limitLinkUse(context, clientIp);
    throw new HttpError(404, 'NEWSLETTER_LINK_INVALID', 'This confirmation link is not valid (or belongs to an address that has unsubscribed). Sign up again to get a new one.');
  }
  return answer;
}

/**
 * Unsubscribes the address an unsubscribe link's token names. Repeating it is harmless (the same answer), so a
 * mail program's one-click POST and the shopper's own click can both arrive. A waiting subscription's confirmation
 * link stops working too. Only links whose signature is not ours count against the client address's limit: a mail
 * provider posts the one-click unsubscribes of all its users from a few addresses, and none of them may be refused.
 */
export async function unsubscribe(context: NewsletterContext, token: string, clientIp: string): Promise<NewsletterUnsubscribeResponse> {
  const [id = '', signature = ''] = token.split('.');
  const expected = Buffer.from(unsubscribeSignature(id, context.linkSecret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await limitLinkUse(context, clientIp);
    throw new HttpError(404, 'NEWSLETTER_LINK_INVALID', 'This unsubscribe link is not valid. Please use the link from one of our emails as it was sent.');
  }
  const now = context.now();
  const changed = await context.db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', confirmTokenHash: null, confirmExpiresAt: null, unsubscribedAt: now, updatedAt: now })
    .where(and(eq(newsletterSubscriptions.id, id), ne(newsletterSubscriptions.status, 'unsubscribed')))
    .returning({ id: newsletterSubscriptions.id });
  if (changed.length > 0) context.log.info({ subscriptionId: id }, 'newsletter unsubscribed');
  return { status: 'unsubscribed' };
}

function limitLinkUse(context: NewsletterContext, clientIp: string) {
  return limit(
    context.limiter,
    [{ key: `newsletter:links:${addressKey(clientIp)}`, ...LINK_USES_PER_ADDRESS }],
    (minutes) => `Too many tries. Please wait ${waitText(minutes)} and try again.`,
  );
}
