import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';

/**
 * Counts events per key in fixed windows, shared by every instance: in Redis when REDIS_URL is set, else in the
 * database. Only failures are counted (a shopper who types a code right is never slowed).
 */
export interface RateLimiter {
  /** Seconds until the key may try again, or 0 when it is under its limit. */
  retryAfter(key: string, limit: number): Promise<number>;
  /** Counts one event for the key in a window of the given length. */
  hit(key: string, windowSeconds: number): Promise<void>;
  close(): Promise<void>;
}

export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    async retryAfter(key, limit) {
      const [row] = await queryRows<{ count: number; seconds: number }>(
        db,
        sql`select count, ceil(extract(epoch from expires_at - now()))::int as seconds
            from rate_limit_counters where key = ${key} and expires_at > now()`,
      );
      return row && row.count >= limit ? Math.max(1, Number(row.seconds)) : 0;
    },
    async hit(key, windowSeconds) {
      await db.execute(sql`
        insert into rate_limit_counters (key, count, expires_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limit_counters.expires_at <= now() then 1 else rate_limit_counters.count + 1 end,
          expires_at = case when rate_limit_counters.expires_at <= now() then excluded.expires_at else rate_limit_counters.expires_at end`);
    },
    close: async () => {},
  };
}

export function redisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', () => {});
  const prefix = 'charms:rate:';
  return {
    async retryAfter(key, limit) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.ttl(prefix + key)]);
      return Number(count ?? 0) >= limit ? Math.max(1, ttl) : 0;
    },
    async hit(key, windowSeconds) {
      await redis.multi().incr(prefix + key).expire(prefix + key, windowSeconds, 'NX').exec();
    },
    close: async () => {
      redis.disconnect();
    },
  };
}
