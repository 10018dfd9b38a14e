import type { Config } from '../config';

/**
 * Where a database is: a PostgreSQL server's URL, or the embedded database's data directory ('memory://' keeps it
 * in memory). Light on purpose: the cluster's primary process names the database without loading its drivers.
 */
export type DatabaseLocation = { url: string } | { dataDir: string };

/** The configured database: PostgreSQL at DATABASE_URL when it is set, else the embedded one in DATA_DIR/pglite. */
export function configuredLocation(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): DatabaseLocation {
  return config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: `${config.DATA_DIR}/pglite` };
}

/** Where a database is, for a person to read (never its user or password): `PostgreSQL "shop" on db:5432`. */
export function describeLocation(location: DatabaseLocation): string {
  if ('dataDir' in location) return `the embedded PGlite in ${location.dataDir}`;
  try {
    const url = new URL(location.url);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || url.username || 'postgres';
    return `PostgreSQL "${name}" on ${url.host || 'localhost'}`;
  } catch {
    return 'PostgreSQL';
  }
}

