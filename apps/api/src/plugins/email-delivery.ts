import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Mailer, createMailer } from '../email/mailer';
import { deliverDueEmails } from '../email/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    emailDelivery: { kick(): void; deliverNow(): Promise<number>; mailer: Mailer };
  }
}

/**
 * Sends queued emails: right after an order is placed (kick), and every 30 s for retries. Any instance may send;
 * the outbox's row locks keep each email to one sender.
 */
export const emailDeliveryPlugin = fp(async (app: FastifyInstance, options: { mailer?: Mailer }) => {
  const mailer = options.mailer ?? createMailer({ smtpUrl: app.config.SMTP_URL, outboxDir: join(app.config.DATA_DIR, 'outbox') });
  let running: Promise<number> | undefined;
  const deliverNow = () => {
    running ??= deliverDueEmails(app.database.db, mailer, app.config.EMAIL_FROM, app.log)
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'email delivery failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void deliverNow(), 30_000);
  timer.unref();
  app.decorate('emailDelivery', { kick: () => void deliverNow(), deliverNow, mailer });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
    mailer.close();
  });
});
