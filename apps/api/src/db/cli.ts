import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { configuredLocation, describeLocation } from './location';
import { migrate } from './migrate';
import { seed } from './seed/seed';

/**
 * npm run db:migrate | db:seed [-- --large], against DATABASE_URL or the embedded database in DATA_DIR.
 * --large seeds a 100,000-product catalog (for benchmarks) when the database has no products yet.
 */
const command = process.argv[2];
const catalogSize = process.argv.includes('--large') ? 'large' : 'standard';
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: cli.ts migrate|seed');
  process.exit(2);
}
try {
  const config = loadConfig();
  const database = await openDatabase(configuredLocation(config));
  try {
    await migrate(database);
    if (command === 'seed') await seed(database.db, catalogSize);
    console.log(`${command} done (${describeLocation(configuredLocation(config))}${command === 'seed' ? `, ${catalogSize} catalog` : ''})`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
