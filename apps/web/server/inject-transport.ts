import type { FastifyInstance } from 'fastify';
import type { ApiTransport } from '../app/lib/api-client';

/** The storefront's loaders call the core API in-process through Fastify's inject: same validation, no socket. */
export function injectTransport(app: FastifyInstance): ApiTransport {
  return async ({ method, path, headers, body }) => {
    const response = await app.inject({
      method,
      url: `/api${path}`,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    let parsed: unknown;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.statusCode, body: parsed };
  };
}
