import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CheckoutContext } from '../services/checkout';
import { INTERRUPTED_AFTER_MS } from '../services/checkout';
import { settleInterruptedRefunds } from '../services/order-refunds';
import { reconcilePayments } from '../services/payment-reconciliation';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: {
      /** What placing or settling an order needs, logging to the given logger (a request's, or the app's). */
      context(log: FastifyBaseLogger): Promise<CheckoutContext>;
      /** Runs the reconciliation of interrupted checkouts now (it also runs on its own every 20 s). */
      reconcileNow(options?: Parameters<typeof reconcilePayments>[1]): ReturnType<typeof reconcilePayments>;
      /** Settles refunds whose outcome was never recorded (it also runs with the reconciliation, every 20 s). */
      settleRefundsNow(options?: Partial<Parameters<typeof settleInterruptedRefunds>[1]>): ReturnType<typeof settleInterruptedRefunds>;
    };
  }
}

const RECONCILE_EVERY_MS = 20_000;

/**
 * Settles interrupted checkouts in the background: at start (what a previous process left behind) and every 20 s.
 * Every instance runs it; the job's claims keep each checkout to one instance at a time. Stopped on close.
 */
export const paymentReconciliationPlugin = fp(async (app: FastifyInstance) => {
  // The store settings as they are now (one read of the cached settings per request or job run), so an order is
  // priced and its email written with the same values.
  const context = async (log: FastifyBaseLogger): Promise<CheckoutContext> => {
    const settings = await app.storeSettings.get();
    return {
    db: app.database.db,
    gateway: app.paymentGateway,
    now: () => new Date(),
    log,
    settings,
    store: {
      name: settings.storeName,
      phone: settings.phone,
      photoArtEmail: settings.photoArtEmail,
      // Without PUBLIC_BASE_URL it is the port the server was given, known once it listens.
      publicBaseUrl: app.publicBaseUrl,
      mailingAddress: app.config.STORE_MAIL_ADDRESS,
    },
    linkSecret: app.secrets.orderLink,
    onPaid: () => app.emailDelivery.kick(),
    };
  };

  // Runs one after another in this instance; a timer tick while a run is under way is skipped.
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let closing = false;
  const reconcileNow = (options?: Parameters<typeof reconcilePayments>[1]) => {
    const run = running.catch(() => {}).then(async () => reconcilePayments(await context(app.log), options));
    running = run;
    return run;
  };
  const settleRefundsNow = (options?: Partial<Parameters<typeof settleInterruptedRefunds>[1]>) => {
    const run = running.catch(() => {}).then(async () => settleInterruptedRefunds(await context(app.log), { interruptedAfterMs: INTERRUPTED_AFTER_MS, ...options }));
    running = run;
    return run;
  };
  const runQuietly = () => {
    if (closing || busy) return;
    busy = true;
    Promise.all([reconcileNow(), settleRefundsNow()])
      .catch((error: unknown) => app.log.error({ err: error }, 'reconciling interrupted checkouts or refunds failed; will try again'))
      .finally(() => (busy = false));
  };
  const timer = setInterval(runQuietly, RECONCILE_EVERY_MS);
  timer.unref();
  app.decorate('checkout', { context, reconcileNow, settleRefundsNow });
  app.addHook('onReady', async () => runQuietly());
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running.catch(() => {});
  });
});
