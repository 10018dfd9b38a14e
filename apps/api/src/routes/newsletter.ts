import { errorBodySchema } from '@charms/contracts/errors';
import {
  newsletterConfirmBodySchema,
  newsletterConfirmResponseSchema,
  newsletterSubscribeBodySchema,
  newsletterSubscribeResponseSchema,
  newsletterUnsubscribeBodySchema,
  newsletterUnsubscribeResponseSchema,
} from '@charms/contracts/newsletter';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type NewsletterContext, confirm, subscribe, unsubscribe } from '../services/newsletter';

/** The newsletter: signup (double opt-in), confirmation and unsubscribe. The rules live in services/newsletter.ts. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = async (request: FastifyRequest): Promise<NewsletterContext> => ({
    db: app.database.db,
    limiter: app.rateLimiter,
    linkSecret: app.secrets.orderLink,
    publicBaseUrl: app.publicBaseUrl,
    storeName: (await app.storeSettings.get()).storeName,
    now: () => app.clock.now(),
    log: request.log,
    emailQueued: () => app.emailDelivery.kick(),
  });
  const errors = { 400: errorBodySchema, 429: errorBodySchema };

  app.post(
    '/newsletter/subscriptions',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Sign an address up: a confirmation email is sent; the same answer whether or not the address is known',
        body: newsletterSubscribeBodySchema,
        response: { 202: newsletterSubscribeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return subscribe(await context(request), request.body.email, request.ip);
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        tags: ['newsletter'],
        summary: "Confirm a subscription with the confirmation link's token (single use, 7 days)",
        body: newsletterConfirmBodySchema,
        response: { 200: newsletterConfirmResponseSchema, 404: errorBodySchema, 409: errorBodySchema, 410: errorBodySchema, ...errors },
      },
    },
    async (request) => confirm(await context(request), request.body.token, request.ip),
  );

  app.post(
    '/newsletter/unsubscribe',
    {
      schema: {
        tags: ['newsletter'],
        summary: "Unsubscribe with an unsubscribe link's token (signed, never expires; repeating it is harmless)",
        body: newsletterUnsubscribeBodySchema,
        response: { 200: newsletterUnsubscribeResponseSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => unsubscribe(await context(request), request.body.token, request.ip),
  );
};
