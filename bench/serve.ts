/**
 * One server under load, in its own process (as in production), so the load generator does not share its event
 * loop. Started by run.ts; prints `listening <url>` once it answers.
 *
 *   BENCH_SERVE=api      the API on DATABASE_URL, configured from the environment like `npm run serve`
 *   BENCH_SERVE=ceiling  a bare Fastify route answering the contents of BENCH_CEILING_BODY, no database
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';

async function api(): Promise<FastifyInstance> {
  const config = loadConfig();
  return buildApp({ config, database: await openDatabase({ url: config.DATABASE_URL! }), logger: false });
}

function ceiling(): FastifyInstance {
  const body = readFileSync(process.env.BENCH_CEILING_BODY!, 'utf8');
  const app = Fastify({ logger: false });
  app.get('/ceiling', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  return app;
}

const app = process.env.BENCH_SERVE === 'ceiling' ? ceiling() : await api();
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
