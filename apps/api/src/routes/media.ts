import { safeText } from '@charms/contracts/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http-error';
import { contentTypeOfKey } from '../media/media-keys';

const params = z.object({ key: safeText().max(80, { message: 'is too long' }).describe('{sha256 of the file}.{avif|webp|jpg}, as a photo’s sources give it') });

/**
 * Uploaded photos' variants, by content key. A key names one file's bytes for ever, so browsers and CDNs keep it a
 * year without asking again. Anything that is not a well-formed key is a 404 before storage is asked.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:key',
    { schema: { tags: ['catalog'], summary: 'A product photo variant (AVIF, WebP or JPEG) by its content key', params } },
    async (request, reply) => {
      const { key } = request.params;
      const stored = contentTypeOfKey(key) ? await app.media.get(key) : undefined;
      if (!stored) throw notFound('There is no such photo.');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      if (stored.size > 0) reply.header('content-length', stored.size);
      return reply.type(stored.contentType).send(stored.body);
    },
  );
};
