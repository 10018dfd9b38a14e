import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type RateLimiter, databaseRateLimiter, redisRateLimiter } from '../src/rate-limit/rate-limiter';
import { useTestApp } from './helper';
import { unreachableRedisUrl } from './redis-support';

const t = useTestApp();

async function within(limiter: RateLimiter, key: string, limit: number) {
  return (await limiter.take(key, limit, 60)).retryAfter === 0;
}

function behavesAsALimiter(make: () => Promise<RateLimiter>) {
  it('lets a key through until it reaches its limit, then tells how long to wait', async () => {
    const limiter = await make();
    const key = `test:${randomUUID()}`;
    for (let i = 0; i < 3; i++) expect(await within(limiter, key, 3)).toBe(true);
    const wait = (await limiter.take(key, 3, 60)).retryAfter;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await within(limiter, `test:${randomUUID()}`, 3)).toBe(true);
    await limiter.close();
  });

  it('counts each attempt before judging it: of 50 at once, exactly the limit get through', async () => {
    const limiter = await make();
    const key = `test:${randomUUID()}`;
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => within(limiter, key, 10)));
    expect(verdicts.filter(Boolean)).toHaveLength(10);
    await limiter.close();
  });

  it('an attempt given back no longer counts', async () => {
    const limiter = await make();
    const key = `test:${randomUUID()}`;
    const first = await limiter.take(key, 2, 60);
    await limiter.take(key, 2, 60);
    await first.giveBack();
    expect(await within(limiter, key, 2)).toBe(true);
    expect(await within(limiter, key, 2)).toBe(false);
    await limiter.close();
  });
}

describe('rate limits in the database (no REDIS_URL)', () => {
  behavesAsALimiter(async () => databaseRateLimiter(t.database.db));

  it('says the database counts', async () => {
    expect(await databaseRateLimiter(t.database.db).store()).toBe('database');
  });
});

describe('rate limits while Redis is unreachable', () => {
  // How fast the fallback answers is a benchmark's matter; here, that the database counts and the limiter says so.
  it('the database counts instead, and says so', async () => {
    const limiter = redisRateLimiter(await unreachableRedisUrl(), databaseRateLimiter(t.database.db));
    const key = `test:${randomUUID()}`;
    for (let i = 0; i < 3; i++) expect(await within(limiter, key, 3)).toBe(true);
    expect(await within(limiter, key, 3)).toBe(false);
    expect(await limiter.store()).toBe('database-fallback');
    await limiter.close();
  });
});

// Redis is a real server here, not a mock: CI sets TEST_REDIS_URL (Redis on 127.0.0.1:6379). A machine without
// Redis still runs the database limiter above, which is what the shop uses when REDIS_URL is unset.
describe.skipIf(!process.env.TEST_REDIS_URL)('rate limits in Redis (REDIS_URL)', () => {
  /** Redis once connected (until then the database counts), and says so. */
  async function connected() {
    const limiter = redisRateLimiter(process.env.TEST_REDIS_URL!, databaseRateLimiter(t.database.db));
    await expect.poll(() => limiter.store()).toBe('redis');
    return limiter;
  }
  behavesAsALimiter(connected);
});
