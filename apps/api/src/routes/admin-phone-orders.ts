import { phoneOrderBodySchema, phoneOrderQuoteBodySchema, phoneOrderQuoteSchema, placedPhoneOrderSchema } from '@charms/contracts/admin-orders';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/staff-area';
import { placePhoneOrder, quotePhoneOrder } from '../services/phone-orders';

const tags = ['admin-orders'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };

/** Phone orders taken by staff: priced as the same items in a shopper's bag, placed through checkout. */
export const adminPhoneOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin-orders',
    {
      schema: {
        tags,
        summary: 'Take a phone order: card (charged once per idempotencyKey) or check (awaiting payment)',
        body: phoneOrderBodySchema,
        response: { 201: placedPhoneOrderSchema, ...errors, 402: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const checkout = { ...(await app.checkout.context(request.log)), placedBy: actorOf(request) };
      return reply.status(201).send(await placePhoneOrder({ checkout, sessionSecret: app.secrets.cookie }, request.body));
    },
  );

  app.post(
    '/admin-orders/quote',
    {
      schema: {
        tags,
        summary: "A phone order's lines, totals, ship date and shipping types, as the form is filled in (nothing is kept)",
        body: phoneOrderQuoteBodySchema,
        response: { 200: phoneOrderQuoteSchema, ...errors },
      },
    },
    async (request) => quotePhoneOrder(app.database.db, request.body, app.clock.now(), await app.storeSettings.get()),
  );
};
