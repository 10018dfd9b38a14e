import { errorBodySchema } from '@charms/contracts/errors';
import { orderLinePhotoParamsSchema, orderLinePhotoQuerySchema } from '@charms/contracts/photo-art';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrderLinePhoto } from '../services/photo-art-uploads';

/**
 * The shopper's photo on an order line, for staff only (registered inside the staff area: no session, no photo).
 * `size=print` (the default) is a download named after the order and line; `size=preview` is shown in the order page.
 */
export const adminOrderPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin-orders/:id/lines/:line/photo',
    {
      schema: {
        tags: ['orders'],
        summary: "A PhotoArt line's photo (JPEG): the print copy as a download, or the preview",
        params: orderLinePhotoParamsSchema,
        querystring: orderLinePhotoQuerySchema,
        response: { 200: z.any().describe('image/jpeg'), 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { size } = request.query;
      const { file, fileName } = await readOrderLinePhoto(app.database.db, app.privateMedia, request.params.id, request.params.line, size);
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', `${size === 'print' ? 'attachment' : 'inline'}; filename="${fileName}"`);
      if (file.size > 0) reply.header('content-length', file.size);
      return reply.type(file.contentType).send(file.body);
    },
  );
};
