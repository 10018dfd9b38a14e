import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Brotli quality and gzip level for answers made per request (API JSON, pages, sitemaps). Each answer is compressed
 * anew, so the level is chosen for CPU time, not the last byte: on an 80 KB listing page Brotli 3 takes ~0.4 ms and
 * comes within 5% of Brotli 4's size at half its CPU, and smaller than gzip 6 at 40% of its CPU; Brotli 11 takes
 * ~85 ms (docs/decisions/0029-bytes-compression.md, scripts/compression-cost.ts). gzip is for the few clients
 * without Brotli. Files of the build are compressed once, at 11, when it is made (apps/web/scripts/precompress.ts).
 */
export const BROTLI_QUALITY = 3;
export const GZIP_LEVEL = 4;
/** Below this, compressing saves less than a packet and costs a compressor: the answer goes as it is. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const SYNC_COMPRESS_MAX_BYTES = 256 * 1024;

/**
 * Text answers: text/* (HTML, React Router's .data as text/x-script, CSS, CSV, plain), JSON, XML (sitemaps), SVG
 * and JavaScript. Anything else (images, fonts, application/octet-stream uploads) goes as it is: already
 * compressed, or not ours to guess. (The plugin's own list also takes application/octet-stream.)
 */
const TEXT = /^text\/(?!event-stream)|^application\/(?:javascript|manifest\+json)|[+/](?:json|xml)(?:;|$)|^image\/svg\+xml/u;

/**
 * Compresses every text answer of the instance, API and storefront alike, with Brotli or gzip as the request's
 * Accept-Encoding prefers (identity without the header), and adds `Vary: Accept-Encoding`.
 *
 * An answer that already carries Content-Encoding (a page stored compressed, a build file sent as its .br copy) is
 * left exactly as it is: set Content-Encoding (and Vary yourself) before sending such bytes.
 *
 * Registered before any route: the plugin adds its hook to each route as the route is declared.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies stay as they are: nothing here takes a compressed upload, and inflating one is work (and
    // size) that the body limits would have to be taught about.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Answers in hand (JSON; pages come as streams) are compressed in one synchronous call up to this size: a 26 KB
    // listing costs ~0.1 ms of CPU that way, ~0.3 ms through a zlib stream (the plugin streams above 8 KB on two
    // cores). On this shop's few cores CPU time is what runs out, not threads to spread it over.
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    customTypes: (type) => TEXT.test(type),
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: GZIP_LEVEL },
  });
  // The plugin says Vary only on the answers it compresses. The identity answer to a client without Brotli or gzip
  // must say it too, or a shared cache that stored it would hand it to every browser.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || !mayBeCompressed(reply.getHeader('content-type'), payload)) return payload;
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
    return payload;
  });
});

/** Whether a client that accepts Brotli would get this answer compressed: a text type, streamed or over the threshold. */
function mayBeCompressed(type: unknown, payload: unknown): boolean {
  if (typeof type !== 'string' || !TEXT.test(type)) return false;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return Buffer.byteLength(payload) >= COMPRESS_THRESHOLD_BYTES;
  return payload !== null && payload !== undefined;
}
