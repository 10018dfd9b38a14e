import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONNECTIONS_PER_PROCESS, type Database } from './client';
import { queryRows } from './query';

/**
 * Whether `workers` processes of the shop fit in the PostgreSQL server's connections. Each holds up to
 * CONNECTIONS_PER_PROCESS (its three pools and one that LISTENs for catalog changes), and a rolling restart runs one
 * worker more for a while.
 * Past the server's max_connections, requests would fail under load with "too many clients" rather than at the
 * start: say so at the start instead (other instances on the same server are not counted: only the operator knows).
 */
export async function checkConnectionBudget(database: Database, workers: number, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  const [limits] = await queryRows<{ max: number; reserved: number }>(
    database.db,
    sql`select current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved`,
  );
  if (!limits) return;
  const needed = (workers + 1) * CONNECTIONS_PER_PROCESS;
  const allowed = limits.max - limits.reserved;
  if (needed > allowed) {
    log.warn(
      { workers, connectionsNeeded: needed, connectionsAllowed: allowed },
      'the workers may need more PostgreSQL connections than the server allows (max_connections): lower WEB_CONCURRENCY or raise max_connections',
    );
  }
}
