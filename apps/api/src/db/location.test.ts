import { describe, expect, it } from 'vitest';
import { configuredLocation, describeLocation } from './location';

describe('describeLocation', () => {
  it('names the server and the database, never the user or the password', () => {
    const said = describeLocation(configuredLocation({ DATABASE_URL: 'postgres://shop:s3cret@db.internal:5432/charms?sslmode=require', DATA_DIR: './data' }));
    expect(said).toBe('PostgreSQL "charms" on db.internal:5432');
    expect(said).not.toMatch(/shop|s3cret/);
  });

  it('says where the embedded database is when there is no DATABASE_URL', () => {
    expect(describeLocation(configuredLocation({ DATABASE_URL: undefined, DATA_DIR: './data' }))).toBe('the embedded PGlite in ./data/pglite');
  });
});
