/**
 * One server under load, in its own process (as in production), so the load generator does not share its event
 * loop. Started by run.ts; prints `listening <url>` once it answers.
 *
 *   BENCH_SERVE=api      the API on DATABASE_URL, configured from the environment like `npm run serve`
 *   BENCH_SERVE=ceiling  a bare Fastify route answering the contents of BENCH_CEILING_BODY, no database
 *   BENCH_SERVE=static   a bare node:http server answering each path of BENCH_STATIC_RESPONSES (captured.ts) with
 *                        the same status, headers and body bytes the shop answered it with
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { readCaptured } from './captured';

/** The API's modules load only here: a bare server starts without them. */
async function api(): Promise<FastifyInstance> {
  const [{ buildApp }, { loadConfig }, { openDatabase }] = await Promise.all([
    import('../apps/api/src/app'),
    import('../apps/api/src/config'),
    import('../apps/api/src/db/client'),
  ]);
  const config = loadConfig();
  return buildApp({ config, database: await openDatabase({ url: config.DATABASE_URL! }), logger: false });
}

function ceiling(): FastifyInstance {
  const body = readFileSync(process.env.BENCH_CEILING_BODY!, 'utf8');
  const app = Fastify({ logger: false });
  app.get('/ceiling', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  return app;
}

/** What a static file server does per request, and no more: look the bytes up, write them. */
function bareStatic(): http.Server {
  const responses = readCaptured(process.env.BENCH_STATIC_RESPONSES!);
  return http.createServer((request, response) => {
    const captured = responses.get(request.url ?? '');
    if (!captured) return response.writeHead(404).end();
    response.writeHead(captured.status, captured.headers).end(captured.body);
  });
}

async function start(): Promise<{ server: http.Server; close: () => Promise<unknown> }> {
  if (process.env.BENCH_SERVE === 'static') {
    const server = bareStatic();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, close: () => new Promise((resolve) => server.close(resolve)) };
  }
  const app = process.env.BENCH_SERVE === 'ceiling' ? ceiling() : await api();
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { server: app.server, close: () => app.close() };
}

const { server, close } = await start();
console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
const stop = () => void close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
