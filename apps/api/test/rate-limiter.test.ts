import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type RateLimiter, databaseRateLimiter, redisRateLimiter } from '../src/rate-limit/rate-limiter';
import { useTestApp } from './helper';

const t = useTestApp();

function behavesAsALimiter(make: () => RateLimiter) {
  it('lets a key through until it reaches its limit, then tells how long to wait', async () => {
    const limiter = make();
    const key = `test:${randomUUID()}`;
    expect(await limiter.retryAfter(key, 3)).toBe(0);
    for (let i = 0; i < 3; i++) await limiter.hit(key, 60);
    const wait = await limiter.retryAfter(key, 3);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limiter.retryAfter(`test:${randomUUID()}`, 3)).toBe(0);
    await limiter.close();
  });

  it('counts concurrent hits from many requests without losing any', async () => {
    const limiter = make();
    const key = `test:${randomUUID()}`;
    await Promise.all(Array.from({ length: 25 }, () => limiter.hit(key, 60)));
    expect(await limiter.retryAfter(key, 25)).toBeGreaterThan(0);
    expect(await limiter.retryAfter(key, 26)).toBe(0);
    await limiter.close();
  });
}

describe('rate limits in the database (no REDIS_URL)', () => {
  behavesAsALimiter(() => databaseRateLimiter(t.database.db));
});

// Redis is a real server here, not a mock: CI sets TEST_REDIS_URL (Redis on 127.0.0.1:6379). A machine without
// Redis still runs the database limiter above, which is what the shop uses when REDIS_URL is unset.
describe.skipIf(!process.env.TEST_REDIS_URL)('rate limits in Redis (REDIS_URL)', () => {
  behavesAsALimiter(() => redisRateLimiter(process.env.TEST_REDIS_URL!));
});
