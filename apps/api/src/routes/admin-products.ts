import {
  adminProductDetailSchema,
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductOptionsSchema,
  productParamsSchema,
  saveProductBodySchema,
} from '@charms/contracts/admin-products';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/staff-area';
import { getProduct, listProducts, productOptions } from '../services/admin-product-read';
import { createProduct, setRetired, updateProduct } from '../services/admin-products';

const tags = ['products'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Products: every staff member keeps the catalog and its prices (the store's staff do it day to day); each change is audited. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin-products',
    { schema: { tags, summary: 'Products by name: search by name, slug or id; filter by category, metal and availability (retired too)', querystring: adminProductListQuerySchema, response: { 200: adminProductListSchema, ...errors } } },
    async (request) => listProducts(db, request.query),
  );

  app.get('/admin-products/options', { schema: { tags, summary: "The product form's choices: categories, metals, engraving fonts, bracelet lengths", response: { 200: adminProductOptionsSchema, ...errors } } }, async () =>
    productOptions(db),
  );

  app.get(
    '/admin-products/:id',
    { schema: { tags, summary: 'One product with its prices per metal and who changed it, when', params: productParamsSchema, response: { 200: adminProductDetailSchema, ...errors } } },
    async (request) => getProduct(db, request.params.id),
  );

  app.post(
    '/admin-products',
    { schema: { tags, summary: 'Create a product; 409 when its slug is taken', body: saveProductBodySchema, response: { 201: adminProductDetailSchema, ...errors } } },
    async (request, reply) => {
      const id = await createProduct(db, actorOf(request), request.body);
      return reply.status(201).send(await getProduct(db, id));
    },
  );

  app.put(
    '/admin-products/:id',
    { schema: { tags, summary: 'Replace what staff set on a product; placed orders keep their own names and prices', params: productParamsSchema, body: saveProductBodySchema, response: { 200: adminProductDetailSchema, ...errors } } },
    async (request) => {
      await updateProduct(db, actorOf(request), request.params.id, request.body);
      return getProduct(db, request.params.id);
    },
  );

  app.post(
    '/admin-products/:id/retire',
    { schema: { tags, summary: 'Retire a product: off the storefront and out of new orders (never deleted); 409 if retired', params: productParamsSchema, response: { 200: adminProductDetailSchema, ...errors } } },
    async (request) => {
      await setRetired(db, actorOf(request), request.params.id, true, app.clock.now());
      return getProduct(db, request.params.id);
    },
  );

  app.post(
    '/admin-products/:id/restore',
    { schema: { tags, summary: 'Put a retired product back on sale; 409 if it is on sale', params: productParamsSchema, response: { 200: adminProductDetailSchema, ...errors } } },
    async (request) => {
      await setRetired(db, actorOf(request), request.params.id, false, app.clock.now());
      return getProduct(db, request.params.id);
    },
  );
};
