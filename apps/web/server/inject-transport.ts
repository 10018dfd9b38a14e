import type { FastifyInstance } from 'fastify';
import type { ApiTransport } from '../app/lib/api-client';

/**
 * The storefront's loaders call the core API in-process through Fastify's inject: same validation, no socket.
 * Each call carries the address of the shopper whose page asked for it (the storefront request's `ip`, which
 * already honours TRUST_PROXY), as the injected request's socket address: so the API's per-address limits count
 * each shopper, not the server itself, and nothing a shopper sends can change it. The calls carry the process's
 * in-process token (app.ts), so they are not logged again beside the page request that made them.
 */
export function injectTransport(app: FastifyInstance, client: { remoteAddress: string }): ApiTransport {
  return async ({ method, path, headers, body, raw }) => {
    const response = await app.inject({
      method,
      url: `/api${path}`,
      remoteAddress: client.remoteAddress,
      headers: { ...headers, [app.inProcessCall.header]: app.inProcessCall.token, ...(raw ? { 'content-type': raw.contentType } : body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: raw ? Buffer.from(raw.bytes.buffer, raw.bytes.byteOffset, raw.bytes.byteLength) : body === undefined ? undefined : JSON.stringify(body),
    });
    // An image (a PhotoArt preview) comes back as bytes; every other answer is JSON.
    const contentType = String(response.headers['content-type'] ?? '');
    if (contentType.startsWith('image/')) return { status: response.statusCode, body: undefined, file: { bytes: response.rawPayload, contentType } };
    let parsed: unknown;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      parsed = undefined;
    }
    const setCookie = response.headers['set-cookie'];
    const setCookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)];
    return { status: response.statusCode, body: parsed, setCookies };
  };
}
