import { errorBodySchema } from '@charms/contracts/errors';
import { noQuerySchema } from '@charms/contracts/query';
import { sitemapResponseSchema } from '@charms/contracts/sitemap';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerFromCatalogCache, sendCachedJson } from '../plugins/response-cache';
import { listSitemapEntries } from '../services/sitemap';

export const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/sitemap',
    {
      onRequest: answerFromCatalogCache,
      schema: {
        tags: ['catalog'],
        summary: 'Every canonical category and product page, for sitemap.xml',
        querystring: noQuerySchema,
        response: { 200: sitemapResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, () => listSitemapEntries(db)),
  );
};
