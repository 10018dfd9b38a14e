import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas: /api/openapi.json and /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Charm shop core API',
        version: '1.0.0',
        description: 'The storefront\'s core API. Cart and session calls identify the shopper by the userSessionId header.',
      },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
});

/** Registered after the routes, inside the /api prefix. */
export async function openApiRoutes(app: FastifyInstance) {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // The online validator's badge would be the page's only foreign request: the document is ours, checked in tests.
    uiConfig: { validatorUrl: null },
    // The browsable docs are a page with swagger-ui's own files (its scripts are files, its styles partly inline);
    // like every page of the shop, no other site may frame it.
    staticCSP: {
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    },
  });
}
