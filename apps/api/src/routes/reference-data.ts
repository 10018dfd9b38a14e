import { categoriesResponseSchema, movedCategoryQuerySchema, movedCategorySchema } from '@charms/contracts/categories';
import { errorBodySchema } from '@charms/contracts/errors';
import { menuResponseSchema } from '@charms/contracts/menu';
import { noQuerySchema } from '@charms/contracts/query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerFromCatalogCache, sendCachedJson } from '../plugins/response-cache';
import { findMovedCategory, getMenu, listCategories } from '../services/reference-data';

export const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/categories',
    { onRequest: answerFromCatalogCache, schema: { tags: ['catalog'], summary: 'Every category, in menu order', querystring: noQuerySchema, response: { 200: categoriesResponseSchema, 400: errorBodySchema } } },
    async (request, reply) => sendCachedJson(request, reply, () => listCategories(db)),
  );

  app.get(
    '/categories/moved',
    {
      schema: {
        tags: ['catalog'],
        summary: "A renamed category's current slug, from one of its old slugs (the storefront redirects its old URLs there)",
        querystring: movedCategoryQuerySchema,
        response: { 200: movedCategorySchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => findMovedCategory(db, request.query.slug),
  );

  app.get(
    '/menu',
    { onRequest: answerFromCatalogCache, schema: { tags: ['catalog'], summary: 'The storefront menu', querystring: noQuerySchema, response: { 200: menuResponseSchema, 400: errorBodySchema } } },
    async (request, reply) => sendCachedJson(request, reply, () => getMenu(db)),
  );
};
