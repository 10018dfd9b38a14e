import {
  adminCategoryDetailSchema,
  adminCategoryListSchema,
  categoryParamsSchema,
  createCategoryBodySchema,
  reorderCategoriesBodySchema,
  updateCategoryBodySchema,
} from '@charms/contracts/admin-categories';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/staff-area';
import { createCategory, getAdminCategory, listAdminCategories, reorderCategories, updateCategory } from '../services/admin-categories';

const tags = ['categories'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Categories: every staff member names, describes, pictures and orders them (no money is at stake). */
export const adminCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get('/admin-categories', { schema: { tags, summary: 'Every category in menu order, with its product count', response: { 200: adminCategoryListSchema, ...errors } } }, async () =>
    listAdminCategories(db),
  );

  app.get(
    '/admin-categories/:id',
    { schema: { tags, summary: 'One category with its old slugs and who changed it, when', params: categoryParamsSchema, response: { 200: adminCategoryDetailSchema, ...errors } } },
    async (request) => getAdminCategory(db, request.params.id),
  );

  app.post(
    '/admin-categories',
    { schema: { tags, summary: 'Create a category, last in the menu; 409 when its slug is taken in any case', body: createCategoryBodySchema, response: { 201: adminCategoryDetailSchema, ...errors } } },
    async (request, reply) => {
      const id = await createCategory(db, actorOf(request), request.body);
      return reply.status(201).send(await getAdminCategory(db, id));
    },
  );

  app.patch(
    '/admin-categories/:id',
    {
      schema: {
        tags,
        summary: "Rename, re-slug, describe or picture a category; an old slug's URLs redirect to the new one; 409 when the slug is another's",
        params: categoryParamsSchema,
        body: updateCategoryBodySchema,
        response: { 200: adminCategoryDetailSchema, ...errors },
      },
    },
    async (request) => {
      await updateCategory(db, actorOf(request), request.params.id, request.body);
      return getAdminCategory(db, request.params.id);
    },
  );

  app.post(
    '/admin-categories/order',
    { schema: { tags, summary: 'Move one category in the menu, or set the whole order, at once', body: reorderCategoriesBodySchema, response: { 200: adminCategoryListSchema, ...errors } } },
    async (request) => {
      await reorderCategories(db, actorOf(request), request.body);
      return listAdminCategories(db);
    },
  );
};
