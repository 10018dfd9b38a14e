import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FieldError } from '@charms/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, isStatementTimedOut } from '../db/unavailable';
import { HttpError, catalogTooSlow, invalidFields, serviceUnavailable } from '../http-error';
import { API_PROTECTIONS } from './security-headers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A shopper's catalog read (routes/catalog.ts), on connections whose statements time out (decision 0052). */
    catalogRead?: boolean;
  }
}

/** Header names arrive lower-cased; answer with the spelling the caller knows. */
const HEADER_NAMES: Record<string, string> = { usersessionid: 'userSessionId' };

/** Fastify's own client errors, in words a shopper (or the developer behind the page) understands. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string, string | ((request: FastifyRequest) => string)]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'This call takes a JSON body (Content-Type: application/json).'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'BODY_TOO_LARGE', (request) => `The request body is larger than the ${Math.round(request.routeOptions.bodyLimit / 1024)} KB this call accepts.`],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_JSON', 'The body is empty but says it is JSON; send a JSON object or no Content-Type.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', 'The body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', 'The Content-Length header does not match the body.'],
};

function describeIssue(issue: FastifySchemaValidationError, context: string | undefined): FieldError {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field = HEADER_NAMES[path] ?? (path || context || 'request');
  const message = issue.message ?? 'is invalid';
  if (message === 'is required' || (issue.keyword === 'invalid_type' && message.includes('received undefined'))) {
    return { field, message: context === 'headers' ? 'header is required' : 'is required' };
  }
  if (issue.keyword === 'invalid_type') {
    const expected = (issue.params as { expected?: string }).expected;
    // zod reports a number with a fraction where .int() is asked as the type `int`: the schema's own words (or
    // plain ones) say so better than "must be a int".
    if (expected === 'int') return { field, message: message.startsWith('Invalid input') ? 'must be a whole number' : message };
    return { field, message: expected ? `must be ${expected === 'object' ? 'a JSON object' : `a ${expected}`}` : 'has the wrong type' };
  }
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params as { keys?: string[] }).keys ?? [];
    const named = keys.map((key) => (path ? `${path}.${key}` : key));
    return { field: named.join(', ') || field, message: named.length > 1 ? 'are not fields this call accepts' : 'is not a field this call accepts' };
  }
  return { field, message };
}

/** An error a client caused or can act on, in the one error shape, with the headers it carries. */
function sendHttpError(reply: FastifyReply, error: HttpError) {
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message, details: error.details } });
}

/** The one error handler: every 4xx/5xx is {error: {code, message, details?}}; 5xx never show internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // HTTP/1.1 requires Host (RFC 9112). Node would refuse it with its own bare 400 (app.ts turns that off): the shop
  // refuses it in the error shape, after the browser protections are set.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) return done(new HttpError(400, 'HOST_REQUIRED', 'An HTTP/1.1 request must name the host it is for (the Host header).'));
    done();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    reply.header('cache-control', 'no-store');
    if (error instanceof HttpError) return sendHttpError(reply, error);
    if (error.validation) {
      const fields = error.validation.map((issue) => describeIssue(issue, error.validationContext));
      const invalid = invalidFields(fields);
      return reply.status(400).send({ error: { code: invalid.code, message: invalid.message, details: fields } });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [status, code, message] = known;
      return reply.status(status).send({ error: { code, message: typeof message === 'string' ? message : message(request) } });
    }
    // Only the catalog reads' statements have a timeout. Elsewhere (an operator cancelling a statement) it is no
    // catalog answer, and is answered below as any fault of ours.
    if (request.routeOptions.config.catalogRead && isStatementTimedOut(error)) {
      // The route, not the address asked for: its query string is what a shopper searched for.
      request.log.warn({ route: request.routeOptions.url }, 'a catalog statement ran past its timeout');
      return sendHttpError(reply, catalogTooSlow());
    }
    // The caller went away while sending its body: no one is left to answer, and it is no database outage.
    // (Not a request received whole whose caller then gave up waiting: that error is still ours to report.)
    if (request.raw.readableAborted && !request.raw.complete) {
      request.log.info('the client closed the connection before its request had arrived');
      return reply.status(400).send({ error: { code: 'REQUEST_ABORTED', message: 'The request was cut off before it had arrived.' } });
    }
    if (isDatabaseUnavailable(error)) {
      // Logged without the error object: a failed query's error carries its parameters.
      request.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable');
      return sendHttpError(reply, serviceUnavailable());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      error: { code: 'INTERNAL_ERROR', message: `Something went wrong on our side. Please try again; reference ${request.id}.` },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: { code: 'NOT_FOUND', message: `There is no ${request.method} ${request.url.split('?')[0]} in this API.` } });
  });
});

/**
 * Errors the router meets before any route runs (a path whose escapes decode to no text, such as a lone
 * surrogate, or a path segment over the router's length limit), given to Fastify as its `frameworkErrors`:
 * the API answers them in its error shape, the storefront with a short page, never with Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!error.statusCode || error.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).header('cache-control', 'no-store').send({ error: { code: 'INTERNAL_ERROR', message: `Something went wrong on our side. Please try again; reference ${request.id}.` } });
  }
  const status = error.statusCode;
  const message = status === 414 ? 'A part of this address is too long.' : 'This address contains characters that are not valid text.';
  // Before any route, so before the hook that sets the browser protections: the API's (this page runs nothing).
  reply.status(status).headers(API_PROTECTIONS).header('cache-control', 'no-store');
  if (request.url.startsWith('/api/') || request.url === '/api') {
    return reply.send({ error: { code: status === 414 ? 'URI_TOO_LONG' : 'BAD_URL', message } });
  }
  return reply
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en"><title>Bad address</title><h1>Bad address</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></html>`);
}

const REFUSAL_HEADERS = { ...API_PROTECTIONS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/**
 * An `Expect` header other than 100-continue, which Node answers 417 by itself (when no one listens for it): the same
 * answer, in the error shape and with the browser protections. Listened for on the app's server (app.ts).
 */
export function refuseExpectation(_request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify({ error: { code: 'EXPECTATION_FAILED', message: 'This server only understands Expect: 100-continue.' } });
  response.writeHead(417, { ...REFUSAL_HEADERS, 'content-length': String(Buffer.byteLength(body)) }).end(body);
}

/** Node's own refusals, by its error code: [status, our code, the message]. Any other is a request it could not read. */
const NODE_CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', 'The request’s headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.'],
};

/**
 * A request Node refuses before Fastify sees it (headers over its limit, one too slow to arrive, one it cannot parse,
 * such as the TRACK method), given to Fastify as its `clientErrorHandler`: answered as Fastify does (and Node before
 * it), and the connection closed, but in the error shape and with the browser protections every answer carries.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nothing left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = NODE_CLIENT_ERRORS[error.code ?? ''] ?? [400, 'BAD_REQUEST', 'The request could not be read.'];
  const body = JSON.stringify({ error: { code, message } });
  const headers = { ...REFUSAL_HEADERS, 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
  // As Node's own handler: never into an answer already under way on this connection (a pipelined request's), whose
  // bytes the client would read as that answer's.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
  }
  socket.destroy(error);
}
