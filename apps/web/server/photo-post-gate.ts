import { Transform } from 'node:stream';
import { HttpError } from '@charms/api/http-error';
import { addressKey } from '@charms/api/services/attempt-limits';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Posts that may carry a PhotoArt photo are read whole into memory (up to 30 MB, and about twice that while the form
 * is parsed), by anyone, without signing in. Without a bound, a few dozen such posts at once exhaust an instance.
 * So a large post is read only where a photo can go (a PhotoArt product's page, the bag's photo form), and each
 * instance reads at most a few at once, at most two from one client address (an IPv6 /64). The counts are this
 * process's own on purpose: they guard this process's memory, which no other instance shares.
 */
export const PHOTO_POSTS_AT_ONCE = { perInstance: 6, perAddress: 2 } as const;

/** Whether a post's body may be larger than a plain form's: it says so, or it does not say its length. */
export function mayExceed(request: FastifyRequest, limit: number): boolean {
  const length = request.headers['content-length'];
  return length === undefined || Number(length) > limit;
}

export const formTooLarge = (limit: number) =>
  new HttpError(413, 'BODY_TOO_LARGE', `The request body is larger than the ${Math.round(limit / 1024)} KB this call accepts (only a PhotoArt charm's form carries a photo).`);

/** The body, cut off with 413 as soon as it passes `limit` bytes (for a post that does not say its length). */
export function capBody(payload: NodeJS.ReadableStream, limit: number): Transform {
  let seen = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > limit ? formTooLarge(limit) : null, seen > limit ? undefined : chunk);
    },
  });
  return payload.pipe(capped);
}

/** Counts the large posts being read; `enter` refuses one past the limits (before its body is read). */
export function photoPostGate(limits: { perInstance: number; perAddress: number } = PHOTO_POSTS_AT_ONCE) {
  let total = 0;
  const byAddress = new Map<string, number>();
  return function enter(request: FastifyRequest, reply: FastifyReply) {
    const key = addressKey(request.ip);
    const mine = byAddress.get(key) ?? 0;
    if (mine >= limits.perAddress) {
      throw new HttpError(429, 'RATE_LIMITED', 'Your other photos are still arriving: wait for them, then send this one again.', undefined, { 'retry-after': '30' });
    }
    if (total >= limits.perInstance) {
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Many photos are arriving at once: please send yours again in a moment.', undefined, { 'retry-after': '5' });
    }
    total += 1;
    byAddress.set(key, mine + 1);
    let released = false;
    // 'close' comes once the answer is sent or the client went away, whichever happens: the place is given back then.
    reply.raw.once('close', () => {
      if (released) return;
      released = true;
      total -= 1;
      const left = (byAddress.get(key) ?? 1) - 1;
      if (left === 0) byAddress.delete(key);
      else byAddress.set(key, left);
    });
  };
}
