import { promotionDetailSchema, promotionListSchema, promotionParamsSchema, savePromotionBodySchema } from '@charms/contracts/admin-promotions';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/staff-area';
import { createPromotion, endPromotion, getPromotion, listPromotions, updatePromotion } from '../services/admin-promotions';

const tags = ['promotions'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * Promotions: every staff member reads them (to answer a shopper about a code); only owners create, edit and end
 * them, since a code gives money away (as staff accounts, an owner's call; a permission for staff can come later).
 */
export const adminPromotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const ownerOnly = { ownerOnly: true };

  app.get('/admin-promotions', { schema: { tags, summary: 'Every promotion with its status, uses and revenue, newest first', response: { 200: promotionListSchema, ...errors } } }, async () =>
    listPromotions(db, app.clock.now()),
  );

  app.get(
    '/admin-promotions/:id',
    { schema: { tags, summary: 'One promotion with its latest orders and who changed it, when', params: promotionParamsSchema, response: { 200: promotionDetailSchema, ...errors } } },
    async (request) => getPromotion(db, request.params.id, app.clock.now()),
  );

  app.post(
    '/admin-promotions',
    { config: ownerOnly, schema: { tags, summary: 'Create a promotion (owners); 409 when its code is taken in any case', body: savePromotionBodySchema, response: { 201: promotionDetailSchema, ...errors } } },
    async (request, reply) => {
      const id = await createPromotion(db, actorOf(request), request.body);
      return reply.status(201).send(await getPromotion(db, id, app.clock.now()));
    },
  );

  app.put(
    '/admin-promotions/:id',
    {
      config: ownerOnly,
      schema: { tags, summary: 'Replace what staff set on a promotion (owners); its uses and placed orders stay', params: promotionParamsSchema, body: savePromotionBodySchema, response: { 200: promotionDetailSchema, ...errors } },
    },
    async (request) => {
      await updatePromotion(db, actorOf(request), request.params.id, request.body);
      return getPromotion(db, request.params.id, app.clock.now());
    },
  );

  app.post(
    '/admin-promotions/:id/end',
    { config: ownerOnly, schema: { tags, summary: 'End a promotion now (owners): shoppers can no longer apply it; 409 if it has ended', params: promotionParamsSchema, response: { 200: promotionDetailSchema, ...errors } } },
    async (request) => {
      await endPromotion(db, actorOf(request), request.params.id, app.clock.now());
      return getPromotion(db, request.params.id, app.clock.now());
    },
  );
};
