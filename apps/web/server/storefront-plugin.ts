import { relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { HttpError } from '@charms/api/http-error';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, type ServerBuild, createRequestHandler } from 'react-router';
import { pageServer } from './page-serving';
import { capBody, formTooLarge, mayExceed, photoPostGate } from './photo-post-gate';

/** The storefront's forms (bag, checkout, newsletter) post a few kilobytes; nothing they send comes near this. */
export const FORM_BODY_LIMIT_BYTES = 32 * 1024;
/**
 * The staff pages post more: a content page's HTML, up to 200,000 characters, which url-encoding can make nine times
 * longer (a character of three UTF-8 bytes becomes %XX%XX%XX).
 */
export const ADMIN_FORM_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
/** The products CSV's page: a file of up to 15 MB (the API's limit), with the form's few fields around it. */
export const PRODUCT_CSV_FORM_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
/**
 * The product photos page uploads files as a plain form post (it works without JavaScript): up to 60 MB in one post
 * (the API takes each file up to 20 MB). Only that page's path gets it: a post is held in memory while it is read.
 */
export const ADMIN_PHOTOS_FORM_BODY_LIMIT_BYTES = 60 * 1024 * 1024;

/**
 * Forms that may carry a shopper's PhotoArt photo (the product page's add to bag, the bag's upload): a file just past
 * the API's 20 MB limit still reaches it, so the shopper is told in words that it is too large.
 */
export const PHOTOART_FORM_BODY_LIMIT_BYTES = 30 * 1024 * 1024;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const notAForm = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Pages take form posts (application/x-www-form-urlencoded or multipart/form-data).');
const badForm = () => new HttpError(400, 'BAD_REQUEST', 'The form in this request cannot be read (a multipart body needs a valid boundary).');
const badAddress = () => new HttpError(400, 'BAD_REQUEST', 'The address of this request (its Host header or path) is not valid.');
/** Methods the Fetch API's Request refuses to carry (React Router's pages are Fetch requests): no page takes them. */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const methodNotAllowed = (method: string) => new HttpError(405, 'METHOD_NOT_ALLOWED', `A page does not take ${method} requests.`);

export interface StorefrontOptions {
  build: ServerBuild;
  clientDir: string;
  /** What loaders get; `reply.cspNonce.script` is the nonce of this page's Content-Security-Policy. */
  loadContext: (request: FastifyRequest, reply: FastifyReply) => Promise<AppLoadContext>;
  /** Whether product `id` is a PhotoArt charm on sale, whose page's add to bag may carry a photo. */
  takesPhoto: (productId: number) => Promise<boolean>;
}

/**
 * Serves the React Router storefront from the same Fastify instance as the API: the built client files,
 * then every other path through React Router's request handler (Fetch Request in, Fetch Response out).
 */
export async function storefrontPlugin(app: FastifyInstance, options: StorefrontOptions) {
  await app.register(fastifyStatic, {
    root: options.clientDir,
    wildcard: false,
    index: false,
    // The build writes a Brotli (.br) and a gzip (.gz) copy beside each text file that compression shrinks
    // (scripts/precompress.ts): the copy the browser accepts is sent as it is, with Vary: Accept-Encoding.
    preCompressed: true,
    // Our own Cache-Control only (below), never send's default `public, max-age=0`.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlOf(relative(options.clientDir, path)));
    },
  });

  // Forms post url-encoded or multipart bodies. Fastify reads each one up to the limit (refusing a larger one with
  // 413 as soon as its Content-Length, or its bytes so far, say so), then React Router gets the bytes. Any other
  // body is refused unread: no page here takes one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', (_request, _payload, done) => done(notAForm()));

  const handle = createRequestHandler(options.build, 'production');
  // Catalog, content and landing pages are the same for every shopper: served from the page cache, rendered from an
  // anonymous request (page-serving.ts).
  const serveSharedPage = pageServer(app, options.build);
  // The pages entry.server renders at once, as bytes (see AppLoadContext.renderedPages).
  const renderedPages = new WeakMap<Response, Buffer>();
  // Pages get the storefront's Content-Security-Policy; security-headers.ts makes its nonce for each request, and the page's
  // inline scripts carry it (entry.server.tsx, root.tsx).
  const handlePage = async (request: FastifyRequest, reply: FastifyReply) => {
    // A shared page is rendered for the shop's own address whatever Host says, but a Host that makes no address is
    // refused on every page alike.
    if (!URL.canParse(`${request.protocol}://${request.host}/`)) throw badAddress();
    const renderShared = async (anonymous: Request, nonce: string) => {
      const response = await handle(anonymous, { ...(await options.loadContext(request, reply)), cspNonce: nonce, renderedPages });
      return { response, body: renderedPages.get(response) };
    };
    if (await serveSharedPage(request, reply, renderShared)) return reply;
    reply.header('x-page-cache', 'bypass');
    const fetchRequest = toFetchRequest(request, reply);
    // Every action reads its form; one that cannot be read is the client's mistake, said once here.
    if (fetchRequest.body) await fetchRequest.clone().formData().catch(() => Promise.reject(badForm()));
    const response = await handle(fetchRequest, { ...(await options.loadContext(request, reply)), renderedPages });
    // Earlier versions kept the newsletter address in a cookie; no cookie holds an email now: it is sent back expired.
    if (/(?:^|;\s*)newsletter-email=/.test(request.headers.cookie ?? '')) response.headers.append('set-cookie', 'newsletter-email=; Max-Age=0; Path=/; SameSite=Lax');
    return sendFetchResponse(reply, response, renderedPages.get(response));
  };
  app.all('/*', { bodyLimit: FORM_BODY_LIMIT_BYTES, config: { pagePolicy: true } }, handlePage);
  // The browser knows every route from the start (decision 0039), but a page served before that release still looks
  // routes up here. This answer is React Router's own for a page from an older release: the browser loads the next
  // address as a new document instead of showing an error.
  if (options.build.routeDiscovery.mode === 'initial') {
    app.get('/__manifest', async (_request, reply) => reply.code(204).header('x-remix-reload-document', 'true').header('cache-control', 'no-store').send());
  }
  // The staff pages (and their data requests, /admin/....data) take larger forms; nothing else does.
  app.all('/admin', { bodyLimit: ADMIN_FORM_BODY_LIMIT_BYTES, config: { pagePolicy: true } }, handlePage);
  app.all('/admin/*', { bodyLimit: ADMIN_FORM_BODY_LIMIT_BYTES, config: { pagePolicy: true } }, handlePage);
  // Posts that may carry a PhotoArt photo: a product page's add to bag (product pages are four or five segments under
  // /products/, a bracelet's with its length), and the bag's photo forms. Every other page keeps 32 KB.
  // Decided before the body is read (photo-post-gate.ts): another product's page keeps 32 KB, and large posts are
  // read a few at a time.
  const enterPhotoPost = photoPostGate();
  const productPagePost = async (request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream) => {
    if (!mayExceed(request, FORM_BODY_LIMIT_BYTES)) return payload;
    if (!(await options.takesPhoto(Number((request.params as { id: string }).id)))) {
      if (request.headers['content-length'] !== undefined) throw formTooLarge(FORM_BODY_LIMIT_BYTES);
      return capBody(payload, FORM_BODY_LIMIT_BYTES);
    }
    enterPhotoPost(request, reply);
    return payload;
  };
  const bagPhotoPost = async (request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream) => {
    if (mayExceed(request, FORM_BODY_LIMIT_BYTES)) enterPhotoPost(request, reply);
    return payload;
  };
  const photoPage = { bodyLimit: PHOTOART_FORM_BODY_LIMIT_BYTES, config: { pagePolicy: true }, preParsing: productPagePost };
  app.post('/products/:category/:metal/:slug/:id', photoPage, handlePage);
  app.post('/products/:category/:metal/:size/:slug/:id', photoPage, handlePage);
  app.post('/order/photo/:itemUuid', { bodyLimit: PHOTOART_FORM_BODY_LIMIT_BYTES, config: { pagePolicy: true }, preParsing: bagPhotoPost }, handlePage);
  for (const path of ['/admin/products/import', '/admin/products/import.data']) app.all(path, { bodyLimit: PRODUCT_CSV_FORM_BODY_LIMIT_BYTES, config: { pagePolicy: true } }, handlePage);
  app.all('/admin/products/:id/photos', { bodyLimit: ADMIN_PHOTOS_FORM_BODY_LIMIT_BYTES, config: { pagePolicy: true } }, handlePage);
  app.all('/admin/products/:id/photos.data', { bodyLimit: ADMIN_PHOTOS_FORM_BODY_LIMIT_BYTES, config: { pagePolicy: true } }, handlePage);
}

/**
 * Vite names everything under assets/ by its content's hash (scripts, styles, fonts, images), so a changed file is a
 * new URL: cache it for a year and never ask again. The few files at fixed names (favicon, sharing image) change only
 * with a release: a day.
 */
function cacheControlOf(pathInClientDir: string): string {
  return pathInClientDir.startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400';
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  if (FETCH_FORBIDDEN_METHODS.has(request.method.toUpperCase())) throw methodNotAllowed(request.method);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  // A post with no body at all reads as an empty form, which each action answers as a form it does not know.
  if (hasBody && !Buffer.isBuffer(request.body)) headers.set('content-type', FORM_TYPES[0]!);
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}${request.url}`);
  } catch {
    throw badAddress();
  }
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Buffer.isBuffer(request.body) ? request.body : '' } : {}),
  } as RequestInit);
}

/** The Response's status and headers, and its body, or `body` (a page rendered as bytes, whose Response has none). */
function sendFetchResponse(reply: FastifyReply, response: Response, body: Buffer | undefined) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (body) return reply.send(body);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
