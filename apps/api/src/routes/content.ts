import { contentQuerySchema, contentResponseSchema } from '@charms/contracts/content';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentValuesOf, getContentPage } from '../services/content';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/content',
    {
      schema: {
        tags: ['content'],
        summary: 'The CMS page for a storefront path (sanitized HTML and its SEO envelope)',
        querystring: contentQuerySchema,
        response: { 200: contentResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getContentPage(db, request.query.objectKey, contentValuesOf(await app.storeSettings.get())),
  );
};
