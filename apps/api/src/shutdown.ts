import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

export interface CloseOnSignalsOptions {
  /** How long the requests under way may take; then the process exits anyway, with 1 (10 s). */
  graceMs?: number;
  /** The signals that start it: SIGTERM and SIGINT; a worker of the shop's cluster takes SIGTERM only, from its primary. */
  signals?: NodeJS.Signals[];
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, serve the requests under way (and those that come on open
 * keep-alive connections) as usual, with the database still open, each answer closing its connection; once no
 * connection is left, close the app (background jobs stop, then the database: onClose hooks) and exit 0. A second
 * signal, or `graceMs` without finishing, exits at once with 1. Call before the app listens (it adds a hook).
 */
export function closeOnSignals(app: FastifyInstance, { graceMs = 10_000, signals = ['SIGTERM', 'SIGINT'] }: CloseOnSignalsOptions = {}): void {
  let draining = false;
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  const close = (signal: NodeJS.Signals) => {
    if (draining) process.exit(1);
    draining = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs).unref();
    drain(app).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, close);
}

/** How long a keep-alive connection idle when the shutdown starts may still bring one request (answered, then closed). */
const IDLE_GRACE_MS = 1_000;

/**
 * Closing the app at once would answer 503 to every request that arrives while its jobs finish (preClose), and in a
 * cluster the primary would still hand this process new connections meanwhile. So the server stops accepting first
 * (the primary then sends new connections to the other workers), the connections it has run out, and only then
 * does the app close. Node's `server.close()` would also close every idle keep-alive connection at once, and a
 * client that was just sending its next request on one gets a reset (no HTTP client retries that by itself): so
 * only the listening socket is closed (net.Server's close), every answer from then on says `Connection: close`,
 * and connections still idle after a second are closed, then any that falls idle, until none is left.
 */
async function drain(app: FastifyInstance): Promise<void> {
  const server = app.server;
  // Resolves once the last connection has ended (an error, the server not listening yet, changes nothing).
  const ended = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  await Promise.race([ended, delay(IDLE_GRACE_MS)]);
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  await ended;
  clearInterval(sweep);
  await app.close();
}
