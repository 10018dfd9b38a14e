import {
  clientTokenBodySchema,
  clientTokenResponseSchema,
  completeOrderBodySchema,
  completeOrderResponseSchema,
  orderParamsSchema,
  orderQuerySchema,
  orderResponseSchema,
} from '@charms/contracts/checkout';
import { errorBodySchema } from '@charms/contracts/errors';
import { sessionHeadersSchema, sessionIdSchema } from '@charms/contracts/session';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orders } from '../db/schema';
import { HttpError, notFound } from '../http-error';
import { ORDER_ATTEMPTS, limitAttempts } from '../services/attempt-limits';
import { completeOrder } from '../services/checkout';
import { findOrder, isValidOrderToken, orderView, purchaseEvent } from '../services/order-view';

const tags = ['checkout'];
const errors = { 400: errorBodySchema, 402: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema };

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.post(
    '/shopping-cart/payments/braintree/client-token',
    {
      schema: {
        tags,
        summary: 'A client token for the card form (Braintree Hosted Fields, or the local test gateway)',
        body: clientTokenBodySchema,
        response: { 200: clientTokenResponseSchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      try {
        return { clientToken: await app.paymentGateway.clientToken(), environment: app.paymentGateway.environment };
      } catch (error) {
        request.log.error({ err: error }, 'no client token');
        throw new HttpError(503, 'PAYMENT_UNAVAILABLE', 'Card payment is not available right now. Please try again in a minute, or call us to order by phone.');
      }
    },
  );

  app.post(
    '/shopping-cart/complete-order',
    {
      schema: {
        tags,
        summary: 'Place the order: price the bag again, charge the card once, record the order, email the confirmation',
        headers: sessionHeadersSchema,
        body: completeOrderBodySchema,
        response: { 200: completeOrderResponseSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => {
      const sessionId = request.headers.usersessionid;
      // Each card charged counts for the session and the address: trying card after card is how stolen cards are
      // tested. Replays and orders in progress never reach a charge, so they are never limited.
      const limitCharge = <T>(run: () => Promise<T>) => limitAttempts(app.rateLimiter, ORDER_ATTEMPTS, { sessionId, address: request.ip }, run);
      return completeOrder({ ...(await app.checkout.context(request.log)), limitCharge }, sessionId, request.body);
    },
  );

  app.get(
    '/orders/:number',
    {
      schema: {
        tags,
        summary: "An order, for the session that placed it or a signed link; the first view by the shopper's session carries the GA4 purchase event",
        params: orderParamsSchema,
        querystring: orderQuerySchema,
        headers: sessionHeadersSchema.partial(),
        response: { 200: orderResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const notYours = () => notFound('We could not find that order. Open it from the link in your confirmation email.');
      const order = await findOrder(db, { number: request.params.number });
      if (!order || order.status === 'pending_payment') throw notYours();
      const sessionId = sessionIdSchema.safeParse(request.headers.usersessionid);
      const bySession = sessionId.success && sessionId.data === order.sessionId;
      const byLink = request.query.token !== undefined && isValidOrderToken(order.number, request.query.token, app.secrets.orderLink);
      if (!bySession && !byLink) throw notYours();
      const view = await orderView(db, order, app.secrets.orderLink);
      // The purchase event goes to the shopper's page once, however often it is reloaded.
      const first = bySession
        ? await db
            .update(orders)
            .set({ purchaseEventSentAt: sql`now()` })
            .where(and(eq(orders.id, order.id), isNull(orders.purchaseEventSentAt), eq(orders.status, 'paid')))
            .returning({ id: orders.id })
        : [];
      return { order: view, dataLayers: first.length > 0 ? [purchaseEvent(view)] : [] };
    },
  );
};
