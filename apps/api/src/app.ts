import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { RETRY_AFTER_SECONDS, notFound, serviceUnavailable } from './http-error';
import { loggerOptions } from './logging';
import { responseSerializerCompiler } from './response-serializer';
import { clientErrorHandler, errorsPlugin, frameworkErrors, refuseExpectation } from './plugins/errors';
import { compressionPlugin } from './plugins/compression';
import { conditionalGetPlugin } from './plugins/conditional-get';
import { securityHeadersPlugin } from './plugins/security-headers';
import { openApiPlugin, openApiRoutes } from './plugins/openapi';
import { contentRoutes } from './routes/content';
import { newsletterRoutes } from './routes/newsletter';
import { responseCachePlugin } from './plugins/response-cache';
import { storeSettingsPlugin } from './plugins/store-settings';
import { catalogRoutes } from './routes/catalog';
import type { Mailer } from './email/mailer';
import { createBraintreeGateway } from './payments/braintree-gateway';
import type { PaymentGateway } from './payments/gateway';
import { createTestGateway } from './payments/test-gateway';
import { emailDeliveryPlugin } from './plugins/email-delivery';
import { paymentReconciliationPlugin } from './plugins/payment-reconciliation';
import { bagRoutes } from './routes/bag';
import { checkoutRoutes } from './routes/checkout';
import { healthRoutes } from './routes/health';
import { type RateLimiter, databaseRateLimiter, redisRateLimiter } from './rate-limit/rate-limiter';
import { imageRoutes } from './routes/images';
import { referenceDataRoutes } from './routes/reference-data';
import { sitemapRoutes } from './routes/sitemap';
import { userSessionRoutes } from './routes/user-session';
import fastifyCookie from '@fastify/cookie';
import { staffArea } from './plugins/staff-area';
import { accountRoutes, signInRoutes } from './routes/account';
import { adminPhoneOrderRoutes } from './routes/admin-phone-orders';
import { adminContentRoutes } from './routes/admin-content';
import { adminOrderRoutes } from './routes/admin-orders';
import { adminStaffRoutes } from './routes/admin-staff';
import { adminActivityRoutes } from './routes/admin-activity';
import { adminCategoryRoutes } from './routes/admin-categories';
import { adminProductRoutes } from './routes/admin-products';
import { adminProductCsvRoutes } from './routes/admin-products-csv';
import { adminPromotionRoutes } from './routes/admin-promotions';
import { adminProductPhotoRoutes } from './routes/admin-product-photos';
import { adminOrderPhotoRoutes } from './routes/admin-order-photos';
import { photoArtUploadRoutes } from './routes/photo-art-uploads';
import { createPrivateMediaStorage } from './media/private-media';
import { housekeepingPlugin } from './plugins/housekeeping';
import { adminSettingsRoutes } from './routes/admin-settings';
import { mediaRoutes } from './routes/media';
import { createMediaStorage } from './media/create-media-storage';
import type { MediaStorage } from './media/media-storage';
import { listeningAddress, publicBaseUrl } from './public-base-url';
import { type Secrets, loadSecrets } from './secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database every route uses; closed when the app closes. */
    database: Database;
    config: Config;
    /** Shared by every instance: Redis when REDIS_URL is set (the database while Redis is unreachable), else the database. */
    rateLimiter: RateLimiter;
    paymentGateway: PaymentGateway;
    /** Configured, or made once and kept in the database: the same on every instance. */
    secrets: Secrets;
    /** The time, as session expiry and sign-in slow-down read it (tests pass their own). */
    clock: Clock;
    /** The shop's own address for the links it writes (PUBLIC_BASE_URL, else where it listens): see public-base-url.ts. */
    readonly publicBaseUrl: string;
    /** Uploaded photos' files: under DATA_DIR, or in the S3 bucket the config names. */
    media: MediaStorage;
    /** Shoppers' PhotoArt photos: a storage apart, read only by routes that check the session (media/private-media.ts). */
    privateMedia: MediaStorage;
    /** The header the storefront's in-process API calls carry (apps/web/server/inject-transport.ts). */
    inProcessCall: InProcessCall;
  }
}

/** A header with a token made for this process, which no one outside it knows. */
export interface InProcessCall {
  header: string;
  token: string;
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
  /** Tests: a clock they move themselves (session expiry, sign-in slow-down); else the system's. */
  clock?: Clock;
}

/** The gateway PAYMENT_GATEWAY chose (config.ts makes sure Braintree has its four variables). */
function configuredGateway(config: Config): PaymentGateway {
  // Like Braintree, the test gateway remembers its charges across restarts, so an interrupted checkout is settled.
  // Its charges settle at once, so staff can refund them (the sandbox settles overnight; cancelling one voids it).
  if (config.PAYMENT_GATEWAY === 'test') {
    mkdirSync(config.DATA_DIR, { recursive: true });
    return createTestGateway({ ledgerFile: join(config.DATA_DIR, 'test-gateway.jsonl'), settleAfterMs: 0 });
  }
  return createBraintreeGateway({
    merchantId: config.BRAINTREE_MERCHANT_ID!,
    publicKey: config.BRAINTREE_PUBLIC_KEY!,
    privateKey: config.BRAINTREE_PRIVATE_KEY!,
    environment: config.BRAINTREE_ENVIRONMENT!,
  });
}

/** Builds the server with the core API under /api. The web server adds the storefront to the same instance. */
export async function buildApp({ config, database, logger, logStream, paymentGateway, mailer, checkResponses = false, clock = systemClock }: AppOptions): Promise<FastifyInstance> {
  const inProcessCall: InProcessCall = { header: 'x-in-process-call', token: randomUUID() };
  const app = Fastify({
    // The storefront's own API calls, made in-process for a page (inject-transport.ts), are part of that page's
    // request, which is logged; logging each again cost about 0.5 ms of CPU per page. Their errors are still logged.
    logController: new LogController({ disableRequestLogging: (request) => request.headers[inProcessCall.header] === inProcessCall.token }),
    logger: logger ?? { ...loggerOptions(config.LOG_LEVEL), ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    // Keep a caller's request id when it is a sane token, so logs join across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Slow clients: the whole request (headers and body) must arrive within 30 s and its headers within 10 s, or the
    // connection is answered 408 and closed; Node checks every 2 s (its default, 30 s, let a slow client hold on for
    // up to a minute). Idle keep-alive connections keep Fastify's 72 s, longer than load balancers' idle timeouts.
    requestTimeout: 30_000,
    // A request without Host is answered by the shop (a 400 with the browser protections), not by Node's bare one.
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 2_000, requireHostHeader: false },
    // While closing, new requests get our own 503 (below), in the error shape.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  });
  app.server.on('checkExpectation', refuseExpectation);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked: checkResponses }));
  app.decorate('config', config);
  app.decorate('inProcessCall', inProcessCall);
  app.decorate('database', database);
  app.decorate('clock', clock);
  app.decorate('media', createMediaStorage(config));
  app.decorate('privateMedia', createPrivateMediaStorage(config));
  // A getter: without PUBLIC_BASE_URL the address is known only once the server listens (PORT=0 picks the port).
  app.decorate('publicBaseUrl', { getter: () => publicBaseUrl(config.PUBLIC_BASE_URL, listeningAddress(app.server.address(), config)) });
  app.decorate('secrets', await loadSecrets(database.db, config));
  const rateLimiter = config.REDIS_URL ? redisRateLimiter(config.REDIS_URL, databaseRateLimiter(database.db)) : databaseRateLimiter(database.db);
  app.decorate('rateLimiter', rateLimiter);
  app.decorate('paymentGateway', paymentGateway ?? configuredGateway(config));
  // While shutting down, in-flight responses close their keep-alive connection so the server can stop.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw serviceUnavailable();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    // Every 503 (the database unreachable, shutting down, a page that could not be made) says when to come back.
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  });
  app.addHook('onClose', async () => {
    await rateLimiter.close();
    await database.close();
  });

  // First: it adds its hook to each route as the route is declared (the storefront's too, in server/main.ts).
  await app.register(compressionPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(responseCachePlugin);
  await app.register(storeSettingsPlugin);
  await app.register(emailDeliveryPlugin, mailer ? { mailer } : {});
  await app.register(paymentReconciliationPlugin);
  await app.register(housekeepingPlugin);
  await app.register(
    async (api) => {
      // JSON is the only body this API takes; text/plain would otherwise be accepted as a string.
      api.removeContentTypeParser('text/plain');
      await api.register(conditionalGetPlugin);
      await api.register(openApiPlugin);
      await api.register(healthRoutes);
      await api.register(referenceDataRoutes);
      await api.register(userSessionRoutes);
      await api.register(catalogRoutes);
      await api.register(sitemapRoutes);
      await api.register(imageRoutes);
      await api.register(mediaRoutes);
      await api.register(bagRoutes);
      await api.register(photoArtUploadRoutes);
      await api.register(checkoutRoutes);
      await api.register(contentRoutes);
      await api.register(newsletterRoutes);
      // The staff side: sign-in, then every staff call behind the one guard (session, CSRF, owners-only).
      await api.register(fastifyCookie);
      await api.register(signInRoutes);
      await api.register(staffArea, { routes: [accountRoutes, adminStaffRoutes, adminOrderRoutes, adminPhoneOrderRoutes, adminContentRoutes, adminPromotionRoutes, adminProductRoutes, adminProductCsvRoutes, adminProductPhotoRoutes, adminCategoryRoutes, adminSettingsRoutes, adminOrderPhotoRoutes, adminActivityRoutes] });
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
