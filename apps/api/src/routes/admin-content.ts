import {
  adminContentPageSchema,
  contentPageListSchema,
  contentPathQuerySchema,
  contentPreviewSchema,
  previewContentBodySchema,
  saveContentPageBodySchema,
} from '@charms/contracts/admin-content';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../plugins/staff-area';
import { deleteContentPage, getAdminContentPage, listContentPages, saveContentPage } from '../services/admin-content';
import { contentValuesOf, renderContentHtml } from '../services/content';

const tags = ['content'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
/**
 * A page's HTML may be 200,000 characters (the contract), several bytes each once in JSON (an accent is 2 or 3 in
 * UTF-8, a quote is escaped): the API's usual 100 KB would refuse a page the contract allows.
 */
const CONTENT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Staff list, read, save, preview and delete the content pages the storefront shows at paths of their own. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get('/admin-content', { schema: { tags, summary: 'Every content page: path, title, when and by whom it was last saved', response: { 200: contentPageListSchema, ...errors } } }, async () =>
    listContentPages(db),
  );

  app.get(
    '/admin-content/page',
    { schema: { tags, summary: 'One content page as stored (its HTML sanitized when it was saved)', querystring: contentPathQuerySchema, response: { 200: adminContentPageSchema, ...errors } } },
    async (request) => getAdminContentPage(db, request.query.path),
  );

  app.put(
    '/admin-content',
    {
      bodyLimit: CONTENT_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Create the page at a path, or replace the one there; its HTML is sanitized before it is stored (201 when created)',
        body: saveContentPageBodySchema,
        response: { 200: adminContentPageSchema, 201: adminContentPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, page } = await saveContentPage(db, actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send(page);
    },
  );

  app.post(
    '/admin-content/preview',
    {
      bodyLimit: CONTENT_BODY_LIMIT_BYTES,
      schema: { tags, summary: 'The HTML as the storefront would show it ({{storeName}} and the like filled in, sanitized); saves nothing', body: previewContentBodySchema, response: { 200: contentPreviewSchema, ...errors } },
    },
    async (request) => ({ html: renderContentHtml(request.body.html, contentValuesOf(await app.storeSettings.get())) }),
  );

  app.delete(
    '/admin-content/page',
    { schema: { tags, summary: 'Delete the content page at a path', querystring: contentPathQuerySchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteContentPage(db, actorOf(request), request.query.path);
      return reply.status(204).send(null);
    },
  );
};
