import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cleanUpPhotoArtUploads } from '../services/photo-art-uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes PhotoArt photos no order holds (their bag line gone, or 30 days old) now; it also runs every 6 hours. */
    cleanUpPhotoArtNow(now?: Date): Promise<number>;
  }
}

const CLEAN_UP_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Like the email delivery and the payment reconciliation: runs at start and on a timer on every instance (the rows
 * each run deletes are its own), one run at a time per instance, stopped on close.
 */
export const photoArtCleanupPlugin = fp(async (app: FastifyInstance) => {
  let running: Promise<number> | undefined;
  const cleanUpNow = (now = new Date()) => {
    running ??= cleanUpPhotoArtUploads(app.database.db, app.privateMedia, now).finally(() => (running = undefined));
    return running;
  };
  const runQuietly = () =>
    void cleanUpNow()
      .then((removed) => (removed > 0 ? app.log.info({ removed }, 'removed PhotoArt photos never ordered') : undefined))
      .catch((error: unknown) => app.log.error({ err: error }, 'removing PhotoArt photos never ordered failed; will try again'));
  const timer = setInterval(runQuietly, CLEAN_UP_EVERY_MS);
  timer.unref();
  app.decorate('cleanUpPhotoArtNow', cleanUpNow);
  app.addHook('onReady', async () => runQuietly());
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running?.catch(() => {});
  });
});
