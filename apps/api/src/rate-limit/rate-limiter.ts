import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';

/** One attempt, already counted against its key. */
export interface Attempt {
  /** Seconds until the key may try again when this attempt is over the limit; 0 when it is within it. */
  retryAfter: number;
  /** Takes the attempt back, for attempts that should not use up the limit (a code typed right, an order paid). */
  giveBack(): Promise<void>;
}

/** Where the counters are kept right now: `database-fallback` is the database standing in while Redis is unreachable. */
export type RateLimitStore = 'redis' | 'database' | 'database-fallback';

/**
 * Counts attempts per key in fixed windows, shared by every instance: in Redis when REDIS_URL is set, else in the
 * database. Each attempt is counted first, in one atomic step that also answers the new count, and only then
 * judged: so many attempts sent at once cannot all slip in under the limit before any of them is counted.
 */
export interface RateLimiter {
  take(key: string, limit: number, windowSeconds: number): Promise<Attempt>;
  /** Where counting happens at this moment (asks Redis), for /api/ready. */
  store(): Promise<RateLimitStore>;
  close(): Promise<void>;
}

const verdict = (count: number, limit: number, seconds: number) => (count > limit ? Math.max(1, seconds) : 0);

export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    async take(key, limit, windowSeconds) {
      const [row] = await queryRows<{ count: number; seconds: number }>(
        db,
        sql`insert into rate_limit_counters (key, count, expires_at)
            values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
            on conflict (key) do update set
              count = case when rate_limit_counters.expires_at <= now() then 1 else rate_limit_counters.count + 1 end,
              expires_at = case when rate_limit_counters.expires_at <= now() then excluded.expires_at else rate_limit_counters.expires_at end
            returning count, ceil(extract(epoch from expires_at - now()))::int as seconds`,
      );
      return {
        retryAfter: verdict(Number(row!.count), limit, Number(row!.seconds)),
        giveBack: async () => {
          await db.execute(sql`update rate_limit_counters set count = greatest(count - 1, 0) where key = ${key} and expires_at > now()`);
        },
      };
    },
    store: async () => 'database',
    close: async () => {},
  };
}

// Counting and setting the window's end in one script keeps the two together even when many instances count at once.
const TAKE_SCRIPT = `local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;
// A key that has expired stays gone: decrementing it would leave a counter with no window.
const GIVE_BACK_SCRIPT = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** How long a shopper may wait on Redis before the database counts instead. */
const REDIS_COMMAND_TIMEOUT_MS = 50;

/**
 * Redis, with the database standing in whenever Redis is not connected or does not answer within 50 ms: a shopper
 * never waits on a Redis outage and the limits still hold across instances. /api/ready says which one counts.
 */
export function redisRateLimiter(url: string, fallback: RateLimiter): RateLimiter {
  // No offline queue: while Redis is down a command fails at once instead of waiting for a reconnect.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  redis.on('error', () => {});
  const prefix = 'charms:rate:';
  return {
    async take(key, limit, windowSeconds) {
      if (redis.status !== 'ready') return fallback.take(key, limit, windowSeconds);
      let answer: [number, number];
      try {
        answer = (await redis.eval(TAKE_SCRIPT, 1, prefix + key, windowSeconds)) as [number, number];
      } catch {
        return fallback.take(key, limit, windowSeconds);
      }
      return {
        retryAfter: verdict(answer[0], limit, answer[1]),
        giveBack: async () => {
          await redis.eval(GIVE_BACK_SCRIPT, 1, prefix + key).catch(() => {});
        },
      };
    },
    async store() {
      if (redis.status !== 'ready') return 'database-fallback';
      return redis.ping().then(
        () => 'redis' as const,
        () => 'database-fallback' as const,
      );
    },
    close: async () => {
      redis.disconnect();
    },
  };
}
