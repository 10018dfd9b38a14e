import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { closeOnSignals } from './shutdown';

/** Runs the core API alone (the storefront server, apps/web/server, runs it together with the web). */
try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database });
  closeOnSignals(app);
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
