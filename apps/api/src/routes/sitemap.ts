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
        response: { 200: sitemapResponseSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, () => listSitemapEntries(db)),
  );
};
