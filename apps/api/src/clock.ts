import { setTimeout as wait } from 'node:timers/promises';

/**
 * The time as the staff side reads it (session expiry, sign-in slow-down, the dashboard's day, a phone order's
 * quote). The app takes one in its options, so tests can move time forward instead of waiting 30 minutes, and see
 * a slow-down without sleeping through it.
 */
export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: async (ms) => {
    await wait(ms);
  },
};
