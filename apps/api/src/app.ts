import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { notFound } from './http-error';
import { loggerOptions } from './logging';
import { responseSerializerCompiler } from './response-serializer';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { openApiPlugin, openApiRoutes } from './plugins/openapi';
import { contentRoutes } from './routes/content';
import { responseCachePlugin } from './plugins/response-cache';
import { catalogRoutes } from './routes/catalog';
import type { Mailer } from './email/mailer';
import { createBraintreeGateway } from './payments/braintree-gateway';
import type { PaymentGateway } from './payments/gateway';
import { createTestGateway } from './payments/test-gateway';
import { emailDeliveryPlugin } from './plugins/email-delivery';
import { bagRoutes } from './routes/bag';
import { checkoutRoutes } from './routes/checkout';
import { healthRoutes } from './routes/health';
import { type RateLimiter, databaseRateLimiter, redisRateLimiter } from './rate-limit/rate-limiter';
import { imageRoutes } from './routes/images';
import { referenceDataRoutes } from './routes/reference-data';
import { sitemapRoutes } from './routes/sitemap';
import { userSessionRoutes } from './routes/user-session';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database every route uses; closed when the app closes. */
    database: Database;
    config: Config;
    /** Shared by every instance: Redis when REDIS_URL is set, else the database. */
    rateLimiter: RateLimiter;
    paymentGateway: PaymentGateway;
  }
}

export const BODY_LIMIT_BYTES = 100 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests: where the shop's own logger writes (else standard output). */
  logStream?: DestinationStream;
  /** Tests pass their own gateway or mailer; otherwise they come from the config. */
  paymentGateway?: PaymentGateway;
  mailer?: Mailer;
  /** Tests: write every answer both ways and fail on a difference (see response-serializer.ts). */
  checkResponses?: boolean;
}

/** Braintree when its four variables are set, else the local test gateway that behaves like its sandbox. */
function configuredGateway(config: Config): PaymentGateway {
  if (config.BRAINTREE_MERCHANT_ID && config.BRAINTREE_PUBLIC_KEY && config.BRAINTREE_PRIVATE_KEY && config.BRAINTREE_ENVIRONMENT) {
    return createBraintreeGateway({
      merchantId: config.BRAINTREE_MERCHANT_ID,
      publicKey: config.BRAINTREE_PUBLIC_KEY,
      privateKey: config.BRAINTREE_PRIVATE_KEY,
      environment: config.BRAINTREE_ENVIRONMENT,
    });
  }
  return createTestGateway();
}

/** Builds the server with the core API under /api. The web server adds the storefront to the same instance. */
export async function buildApp({ config, database, logger, logStream, paymentGateway, mailer, checkResponses = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { ...loggerOptions(config.LOG_LEVEL), ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    // Keep a caller's request id when it is a sane token, so logs join across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestTimeout: 30_000,
    return503OnClosing: true,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked: checkResponses }));
  app.decorate('config', config);
  app.decorate('database', database);
  const rateLimiter = config.REDIS_URL ? redisRateLimiter(config.REDIS_URL) : databaseRateLimiter(database.db);
  app.decorate('rateLimiter', rateLimiter);
  app.decorate('paymentGateway', paymentGateway ?? configuredGateway(config));
  // While shutting down, in-flight responses close their keep-alive connection so the server can stop.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await rateLimiter.close();
    await database.close();
  });

  await app.register(errorsPlugin);
  await app.register(responseCachePlugin);
  await app.register(emailDeliveryPlugin, mailer ? { mailer } : {});
  await app.register(
    async (api) => {
      // JSON is the only body this API takes; text/plain would otherwise be accepted as a string.
      api.removeContentTypeParser('text/plain');
      await api.register(openApiPlugin);
      await api.register(healthRoutes);
      await api.register(referenceDataRoutes);
      await api.register(userSessionRoutes);
      await api.register(catalogRoutes);
      await api.register(sitemapRoutes);
      await api.register(imageRoutes);
      await api.register(bagRoutes);
      await api.register(checkoutRoutes);
      await api.register(contentRoutes);
      await api.register(openApiRoutes);
      // Unknown /api paths answer in the error shape, not with the storefront's not-found page.
      api.all('/*', { schema: { hide: true } }, async (request) => {
        throw notFound(`There is no ${request.method} ${request.url.split('?')[0]} in this API.`);
      });
    },
    { prefix: '/api' },
  );
  return app;
}
