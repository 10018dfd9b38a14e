import { HttpError } from '../http-error';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { addressKey } from './attempt-limits';

/**
 * Photo uploads are the costliest thing a shopper can ask for (up to 20 MB read and decoded): unlike promo codes,
 * every upload counts, accepted or refused. A shopper replacing a photo a few times stays far below these.
 */
export const PHOTO_UPLOADS = { perSession: 20, perAddress: 60, windowSeconds: 60 * 60 } as const;

/** Counts one upload for the session and the address, or refuses it with 429 when either is over its allowance. */
export async function countPhotoUpload(limiter: RateLimiter, who: { sessionId: string; address: string }): Promise<void> {
  const attempts = await Promise.all([
    limiter.take(`photoart:session:${who.sessionId}`, PHOTO_UPLOADS.perSession, PHOTO_UPLOADS.windowSeconds),
    limiter.take(`photoart:address:${addressKey(who.address)}`, PHOTO_UPLOADS.perAddress, PHOTO_UPLOADS.windowSeconds),
  ]);
  const wait = Math.max(...attempts.map((attempt) => attempt.retryAfter));
  if (wait > 0) {
    // A refused upload costs nothing more than the refusal.
    await Promise.all(attempts.map((attempt) => attempt.giveBack().catch(() => {})));
    const minutes = Math.ceil(wait / 60);
    throw new HttpError(429, 'RATE_LIMITED', `Too many photos uploaded. Please wait ${minutes} minute${minutes > 1 ? 's' : ''} and try again, or email the photo to us after ordering.`, undefined, {
      'retry-after': String(wait),
    });
  }
}
