import {
  productDetailQuerySchema,
  productDetailResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
} from '@charms/contracts/catalog';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query';
import { sendCachedJson } from '../plugins/response-cache';
import { getProductDetail } from '../services/catalog-detail';
import { listProducts } from '../services/catalog-listing';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const vocabulary = () =>
    app.catalogCache.value('search-vocabulary', async () => {
      const result = await queryRows<{ word: string; frequency: number }>(db,sql`select word, frequency from search_vocabulary`);
      return new Map(result.map((row) => [row.word, Number(row.frequency)]));
    });

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A category, collection or search listing in one metal, a page at a time',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendCachedJson(request, reply, async () => listProducts({ db, storeName: (await app.storeSettings.get()).storeName, vocabulary, remember: (key, load) => app.catalogCache.value(key, load) }, request.query)),
  );

  app.get(
    '/products/detail',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product page, or the canonical path to redirect a stale one to',
        querystring: productDetailQuerySchema,
        response: { 200: productDetailResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendCachedJson(request, reply, async () => getProductDetail({ db, settings: await app.storeSettings.get(), now: () => new Date() }, request.query)),
  );
};
