import { errorBodySchema } from '@charms/contracts/errors';
import { healthResponseSchema, readyResponseSchema } from '@charms/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../http-error';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['operations'], summary: 'The process is up', response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'The database answers; says where rate limits are counted (the database stands in while Redis is unreachable)',
        response: { 200: readyResponseSchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        throw new HttpError(503, 'NOT_READY', 'The database is not reachable.');
      }
      // Redis being down does not make the shop unready (the database counts instead), but operators need to see it.
      const rateLimits = await app.rateLimiter.store();
      if (rateLimits === 'database-fallback') request.log.warn('Redis not reachable: rate limits are counted in the database');
      return { status: 'ready' as const, database: app.database.kind, rateLimits };
    },
  );
};
