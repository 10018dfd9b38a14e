import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Mailer, createMailer } from '../email/mailer';
import { createOutboxSender } from '../email/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    emailDelivery: { kick(): void; deliverNow(): Promise<number>; mailer: Mailer };
  }
}

/**
 * Sends queued emails: right after an order is placed (kick), and every 30 s for retries (and to mark emails sent
 * while the database was down). Any instance may send; the outbox's claims keep each email to one sender. A kick
 * while a run is under way asks for one more run after it, so an email queued meanwhile does not wait for the
 * timer; kicks coalesce under load.
 */
export const emailDeliveryPlugin = fp(async (app: FastifyInstance, options: { mailer?: Mailer }) => {
  const mailer = options.mailer ?? createMailer({ smtpUrl: app.config.SMTP_URL, outboxDir: join(app.config.DATA_DIR, 'outbox') });
  const outbox = createOutboxSender(app.database.db, mailer, async () => (await app.storeSettings.get()).ordersEmail, app.log);
  let running: Promise<number> | undefined;
  let again = false;
  const deliverNow = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = outbox
      .deliver()
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'email delivery failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !closing) {
          again = false;
          void deliverNow();
        }
      });
    return running;
  };
  let closing = false;
  const timer = setInterval(() => void deliverNow(), 30_000);
  timer.unref();
  app.decorate('emailDelivery', { kick: () => void deliverNow(), deliverNow, mailer });
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
    mailer.close();
  });
});
