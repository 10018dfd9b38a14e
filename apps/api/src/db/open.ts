import type { Config } from '../config';
import { type Database, openDatabase } from './client';
import { configuredLocation } from './location';
import { migrate } from './migrate';
import { seed } from './seed/seed';

/** Opens the configured database (PostgreSQL if DATABASE_URL is set, else PGlite in DATA_DIR), migrated and seeded. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(configuredLocation(config));
  try {
    await migrate(database);
    await seed(database.db);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
