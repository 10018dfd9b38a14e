import { type ZlibOptions, type ZstdOptions, constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Levels for answers made per request (API JSON, pages served once, sitemaps). Each answer is compressed anew, so the
 * level is chosen for CPU time, not the last byte (docs/decisions/0029-bytes-compression.md, 0043-zstd-per-request.md,
 * scripts/compression-cost.ts). Zstandard 3 goes to every client that accepts it (Chrome, Edge and Firefox say
 * `zstd`): on a 66 KB listing page it takes ~0.15 ms against ~0.6 ms for Brotli 3, at 2% more bytes, and on a 26 KB
 * JSON listing the same bytes at a third of Brotli's CPU. Brotli 3 for the rest (Safari): within 5% of Brotli 4's size
 * at half its CPU. gzip 4 for the few clients with neither. Files of the build are compressed once, at Brotli 11 and
 * gzip 9, when it is made (apps/web/scripts/precompress.ts); pages the page cache keeps, once each, at Brotli 6.
 */
export const ZSTD_LEVEL = 3;
export const BROTLI_QUALITY = 3;
export const GZIP_LEVEL = 4;
/** The plugin hands one set of options to gzip and to Zstandard alike: gzip reads `level`, Zstandard its `params`. */
const GZIP_AND_ZSTD_OPTIONS: ZlibOptions & ZstdOptions = { level: GZIP_LEVEL, params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } };
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
 * Compresses every text answer of the instance, API and storefront alike, with Zstandard, Brotli or gzip as the
 * request's Accept-Encoding allows (identity without the header), and adds `Vary: Accept-Encoding`.
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
    // The server's preference where the client accepts several equally (the plugin negotiates in this order).
    encodings: ['zstd', 'br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Answers in hand (JSON, and pages, which come as bytes) are compressed in one synchronous call up to this size:
    // a 26 KB listing costs ~0.1 ms of CPU that way, ~0.3 ms through a zlib stream (the plugin streams above 8 KB on
    // two cores). On this shop's few cores CPU time is what runs out, not threads to spread it over.
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    customTypes: (type) => TEXT.test(type),
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: GZIP_AND_ZSTD_OPTIONS,
  });
  // The plugin says Vary only on the answers it compresses. The identity answer to a client that accepts none of them
  // must say it too, or a shared cache that stored it would hand it to every browser. (This hook runs before the
  // plugin's, which it adds to each route.)
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || !mayBeCompressed(reply.getHeader('content-type'), payload)) return payload;
    reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    return payload;
  });
});

/**
 * A Vary header that names Accept-Encoding once, in lower case. @fastify/compress looks for `accept-encoding`
 * case-sensitively: a Vary that said `Accept-Encoding` got a second one on every answer it compressed.
 */
export function varyWithAcceptEncoding(vary: string | number | string[] | undefined): string {
  const names = (Array.isArray(vary) ? vary : vary === undefined ? [] : [String(vary)])
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.includes('*')) return '*';
  const others = names.filter((name) => name.toLowerCase() !== 'accept-encoding');
  return [...others, 'accept-encoding'].join(', ');
}

/** Whether a client that accepts compression would get this answer compressed: a text type, streamed or over the threshold. */
function mayBeCompressed(type: unknown, payload: unknown): boolean {
  if (typeof type !== 'string' || !TEXT.test(type)) return false;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return Buffer.byteLength(payload) >= COMPRESS_THRESHOLD_BYTES;
  return payload !== null && payload !== undefined;
}
