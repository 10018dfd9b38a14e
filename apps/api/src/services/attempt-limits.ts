import { HttpError } from '../http-error';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/** How many attempts a shopper's session and their address each get in a window, and what to tell them after. */
export interface AttemptPolicy {
  name: string;
  perSession: number;
  perAddress: number;
  windowSeconds: number;
  tooMany: (minutes: number) => string;
  /** Which refusals keep their count: the ones guessing or card testing produce, not every 4xx a call can get. */
  counts: (error: HttpError) => boolean;
}

const minutes = (count: number) => `${count} minute${count > 1 ? 's' : ''}`;

/** Promo codes: enough for typos, too few for guessing codes. */
export const PROMO_CODE_ATTEMPTS: AttemptPolicy = {
  name: 'promo',
  perSession: 10,
  perAddress: 30,
  windowSeconds: 15 * 60,
  tooMany: (wait) => `Too many promo codes tried. Please wait ${minutes(wait)} and try again.`,
  // A code that does not apply; not an unknown session, which anyone could send to use up an address's allowance.
  counts: (error) => error.statusCode !== 404 || error.code !== 'NOT_FOUND',
};

/** Placing an order: a shopper retypes a declined card a few times; trying stolen cards one after another takes many. */
export const ORDER_ATTEMPTS: AttemptPolicy = {
  name: 'order',
  perSession: 8,
  perAddress: 20,
  windowSeconds: 60 * 60,
  tooMany: (wait) => `Too many payment attempts. Please wait ${minutes(wait)} and try again, or call us to order by phone.`,
  // A card declined or unusable. Not an empty bag, an order in progress or an unknown session: those cost a thief
  // nothing, and counting them would let anyone lock checkout for everyone behind one address.
  counts: (error) => error.statusCode === 402 || error.code.startsWith('PAYMENT_METHOD'),
};

/**
 * The address an allowance belongs to: an IPv4 address, or an IPv6 address's /64 (one household or phone gets a
 * whole /64, so counting single IPv6 addresses would give it billions of allowances).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Runs one attempt under the policy. The attempt is counted for the session and for the address first; when
 * either is over its limit it is refused with 429 before it runs (and both counts are given back, so a refused
 * attempt costs nothing more). Only the refusals the policy counts keep their count: an attempt that succeeds,
 * fails on our side, or is refused for another reason is given back.
 */
export async function limitAttempts<T>(
  limiter: RateLimiter,
  policy: AttemptPolicy,
  who: { sessionId: string; address: string },
  run: () => Promise<T>,
): Promise<T> {
  const attempts = await Promise.all([
    limiter.take(`${policy.name}:session:${who.sessionId}`, policy.perSession, policy.windowSeconds),
    limiter.take(`${policy.name}:address:${addressKey(who.address)}`, policy.perAddress, policy.windowSeconds),
  ]);
  // Best effort: a count not given back (the store is unreachable) only costs the shopper one attempt, and must not
  // hide the attempt's own answer.
  const giveBack = () => Promise.all(attempts.map((attempt) => attempt.giveBack().catch(() => {})));
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
    const shoppersMistake = error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500 && policy.counts(error);
    if (!shoppersMistake) await giveBack();
    throw error;
  }
}
