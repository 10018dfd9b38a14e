import type { Config } from './config';
import type { Database } from './db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: Config;
  }
}
