import type { FastifyInstance } from 'fastify';

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish, close the database
 * (an onClose hook), then exit. A second signal, or 10 s without finishing, exits at once.
 */
export function closeOnSignals(app: FastifyInstance, graceMs = 10_000): void {
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}
