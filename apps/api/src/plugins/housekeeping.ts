import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cleanUpPhotoArtUploads } from '../services/photo-art-uploads';
import { removeIdleSessions } from '../services/user-sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes PhotoArt photos no order holds (their bag line gone, or 30 days old) now; it also runs every 6 hours. */
    cleanUpPhotoArtNow(now?: Date): Promise<number>;
    /** Removes shoppers' sessions unused for long (services/user-sessions.ts) now; it also runs every 6 hours. */
    removeIdleSessionsNow(now?: Date): Promise<number>;
  }
}

const CLEAN_UP_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * The shop's housekeeping: what shoppers leave behind and nothing will ask for again. Like the email delivery and
 * the payment reconciliation, each job runs at start and on a timer on every instance (the rows a run deletes are
 * its own), one run of each at a time per instance, stopped on close.
 */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const jobs = [
    { name: 'cleanUpPhotoArtNow', run: (now: Date) => cleanUpPhotoArtUploads(app.database.db, app.privateMedia, now), done: 'removed PhotoArt photos never ordered', failed: 'removing PhotoArt photos never ordered failed; will try again' },
    { name: 'removeIdleSessionsNow', run: (now: Date) => removeIdleSessions(app.database.db, now), done: 'removed shopping sessions unused for long', failed: 'removing shopping sessions unused for long failed; will try again' },
  ] as const;
  const running = new Map<string, Promise<number>>();
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    const runNow = (now = new Date()) => {
      const current = running.get(job.name) ?? job.run(now).finally(() => running.delete(job.name));
      running.set(job.name, current);
      return current;
    };
    const runQuietly = () =>
      void runNow()
        .then((removed) => (removed > 0 ? app.log.info({ removed }, job.done) : undefined))
        .catch((error: unknown) => app.log.error({ err: error }, job.failed));
    const timer = setInterval(runQuietly, CLEAN_UP_EVERY_MS);
    timer.unref();
    timers.push(timer);
    app.decorate(job.name, runNow);
    app.addHook('onReady', async () => runQuietly());
  }
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all([...running.values()].map((job) => job.catch(() => {})));
  });
});
