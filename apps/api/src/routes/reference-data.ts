import { categoriesResponseSchema } from '@charms/contracts/categories';
import { menuResponseSchema } from '@charms/contracts/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMenu, listCategories } from '../services/reference-data';

export const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/categories',
    { schema: { tags: ['catalog'], summary: 'Every category', response: { 200: categoriesResponseSchema } } },
    async () => listCategories(db),
  );

  app.get(
    '/menu',
    { schema: { tags: ['catalog'], summary: 'The storefront menu', response: { 200: menuResponseSchema } } },
    async () => getMenu(db),
  );
};
