import {
  productDetailQuerySchema,
  productDetailResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
} from '@charms/contracts/catalog';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admission } from '../db/admission';
import { SEARCH_ADMISSION } from '../db/client';
import { answerFromCatalogCache, sendCachedJson } from '../plugins/response-cache';
import { getProductDetail } from '../services/catalog-detail';
import { listProducts } from '../services/catalog-listing';
import { loadVocabulary, vocabularyFor } from '../services/search-vocabulary';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // Listings, searches and product pages on the catalog reads' own connections, each statement bounded (decision 0052).
  const catalogDb = app.database.catalogDb;
  // A few searches of this process at a time, so that a flood of them leaves listings and product pages connections.
  const searches = admission(SEARCH_ADMISSION);
  const allWords = () => app.catalogCache.value('search-vocabulary', () => loadVocabulary(db));
  // Kept in the catalog cache, the whole vocabulary is at hand; without it, a search of known words reads just those.
  const vocabulary = (words: readonly string[]) => (app.catalogCache.enabled ? allWords() : vocabularyFor(db, words, allWords));

  app.get(
    '/products',
    {
      onRequest: answerFromCatalogCache,
      config: { catalogRead: true },
      schema: {
        tags: ['catalog'],
        summary: 'A category, collection or search listing in one metal, a page at a time',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendCachedJson(request, reply, async () => listProducts({ db: catalogDb, storeName: (await app.storeSettings.get()).storeName, vocabulary, searches, remember: (key, load) => app.catalogCache.value(key, load) }, request.query)),
  );

  app.get(
    '/products/detail',
    {
      onRequest: answerFromCatalogCache,
      config: { catalogRead: true },
      schema: {
        tags: ['catalog'],
        summary: 'A product page, or the canonical path to redirect a stale one to',
        querystring: productDetailQuerySchema,
        response: { 200: productDetailResponseSchema, 400: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendCachedJson(request, reply, async () => getProductDetail({ db: catalogDb, settings: await app.storeSettings.get(), now: () => new Date() }, request.query)),
  );
};
