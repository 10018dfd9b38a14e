import { HttpError } from '../http-error';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/** How many attempts a shopper's session and their address each get in a window, and what to tell them after. */
export interface AttemptPolicy {
  name: string;
  perSession: number;
  perAddress: number;
  windowSeconds: number;
  tooMany: (minutes: number) => string;
}

const minutes = (count: number) => `${count} minute${count > 1 ? 's' : ''}`;

/** Promo codes: enough for typos, too few for guessing codes. */
export const PROMO_CODE_ATTEMPTS: AttemptPolicy = {
  name: 'promo',
  perSession: 10,
  perAddress: 30,
  windowSeconds: 15 * 60,
  tooMany: (wait) => `Too many promo codes tried. Please wait ${minutes(wait)} and try again.`,
};

/** Placing an order: a shopper retypes a declined card a few times; trying stolen cards one after another takes many. */
export const ORDER_ATTEMPTS: AttemptPolicy = {
  name: 'order',
  perSession: 8,
  perAddress: 20,
  windowSeconds: 60 * 60,
  tooMany: (wait) => `Too many payment attempts. Please wait ${minutes(wait)} and try again, or call us to order by phone.`,
};

/**
 * Runs one attempt under the policy. The attempt is counted for the session and for the address first; when
 * either is over its limit it is refused with 429 before it runs (and both counts are given back, so a refused
 * attempt costs nothing more). Only attempts the shopper got wrong (a 4xx) keep their count: one that succeeds,
 * or fails on our side, is given back.
 */
export async function limitAttempts<T>(
  limiter: RateLimiter,
  policy: AttemptPolicy,
  who: { sessionId: string; address: string },
  run: () => Promise<T>,
): Promise<T> {
  const attempts = await Promise.all([
    limiter.take(`${policy.name}:session:${who.sessionId}`, policy.perSession, policy.windowSeconds),
    limiter.take(`${policy.name}:address:${who.address}`, policy.perAddress, policy.windowSeconds),
  ]);
  const giveBack = () => Promise.all(attempts.map((attempt) => attempt.giveBack()));
  const wait = Math.max(...attempts.map((attempt) => attempt.retryAfter));
  if (wait > 0) {
    await giveBack();
    throw new HttpError(429, 'RATE_LIMITED', policy.tooMany(Math.ceil(wait / 60)), undefined, { 'retry-after': String(wait) });
  }
  try {
    const result = await run();
    await giveBack();
    return result;
  } catch (error) {
    const shoppersMistake = error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500;
    if (!shoppersMistake) await giveBack();
    throw error;
  }
}
