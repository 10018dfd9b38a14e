import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { type Config, ConfigError, loadConfig } from '@charms/api/config';
import { configuredLocation, describeLocation } from '@charms/api/db/location';
import { loggerOptions } from '@charms/api/logging';
import { pino } from 'pino';
import { PREPARE_DATABASE, START_FAILED, runPrimary } from './cluster-primary';

/**
 * How the shop runs (`npm run serve` is `node build/server/index.js`, this file bundled). On PostgreSQL
 * (DATABASE_URL): a primary process checks the configuration, has the database migrated and seeded once, then forks
 * WEB_CONCURRENCY workers (default: one per core), each serving the whole shop on the same port (cluster-primary.ts).
 * On the embedded database: one process, since PGlite belongs to the process that opened it (decision 0030).
 * The shop's own modules (main.ts) are loaded only where it is served: the primary stays small.
 */
const clientDir = fileURLToPath(new URL('../client', import.meta.url));

// `node build/server/index.js admin:create --email ... --password ...`: the staff-account command, where production
// has no TypeScript loader to run it from source (npm run admin:create does that in development).
if (process.argv[2] === 'admin:create') {
  await import('@charms/api/staff/admin-create');
  process.exit(process.exitCode ?? 0);
}

const config = configOrExit();
const workers = config.WEB_CONCURRENCY ?? availableParallelism();
if (cluster.isWorker) await (process.env[PREPARE_DATABASE] ? prepareAsWorker() : serveAsWorker());
else if (config.DATABASE_URL) await startCluster();
else await serveAlone();

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}

/** PostgreSQL: the primary, which serves nothing itself (cluster-primary.ts). */
async function startCluster(): Promise<void> {
  await runPrimary({ workers, port: config.PORT, log: pino(loggerOptions(config.LOG_LEVEL)), database: describeLocation(configuredLocation(config)) });
}

/** The embedded database: the shop in this process, as one process is all PGlite allows. */
async function serveAlone(): Promise<void> {
  try {
    const { serveShop } = await import('./main');
    const { app, port } = await serveShop({ config, clientDir, signals: ['SIGTERM', 'SIGINT'] });
    const why = 'the embedded database (PGlite) belongs to the process that opened it; with DATABASE_URL (PostgreSQL) the shop runs a process per core';
    if ((config.WEB_CONCURRENCY ?? 1) > 1) app.log.warn({ WEB_CONCURRENCY: config.WEB_CONCURRENCY }, `WEB_CONCURRENCY is ignored: one process serves the shop, as ${why}`);
    else app.log.info(`one process serves the shop: ${why}`);
    // A restart without a pause needs a second process to take over, which the embedded database cannot have.
    process.on('SIGHUP', () => app.log.warn('SIGHUP ignored: on the embedded database the shop is one process; stop it and start it again to restart'));
    // Printed plainly (not only logged) so a person, and the end-to-end tests, can see where the shop is.
    console.log(`The shop is open at http://localhost:${port} (database: ${describeLocation(configuredLocation(config))})`);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}

/** A worker of the cluster: the shop, stopped by its primary's SIGTERM; Ctrl-C and SIGHUP are the primary's to act on. */
async function serveAsWorker(): Promise<void> {
  process.on('SIGINT', () => {});
  process.on('SIGHUP', () => {});
  try {
    const { serveShop } = await import('./main');
    await serveShop({ config, clientDir, signals: ['SIGTERM'] });
  } catch (error) {
    failStart(error);
  }
}

/** The primary's first worker, which only migrates and seeds the database, then exits (cluster-primary.ts, prepareDatabase). */
async function prepareAsWorker(): Promise<void> {
  process.on('SIGINT', () => {});
  try {
    const { openConfiguredDatabase } = await import('@charms/api/db/open');
    const { checkConnectionBudget } = await import('@charms/api/db/connection-budget');
    const database = await openConfiguredDatabase(config);
    try {
      await checkConnectionBudget(database, workers, pino(loggerOptions(config.LOG_LEVEL)));
    } finally {
      await database.close();
    }
    process.exit(0);
  } catch (error) {
    failStart(error);
  }
}

/** The primary prints the reason once (every worker fails alike, e.g. on a port in use) and stops the start. */
function failStart(error: unknown): void {
  const message = error instanceof ConfigError ? error.message : inspect(error);
  if (process.send) process.send({ [START_FAILED]: message }, () => process.exit(1));
  else process.exit(1);
}
