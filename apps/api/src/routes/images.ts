import { isCharmShape, renderCharmSvg } from '@charms/art/charm';
import { findMetalBySlug } from '@charms/domain/metals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { safeText } from '@charms/contracts/text';
import { z } from 'zod';
import { notFound } from '../http-error';

const params = z.object({
  shape: safeText().max(40, { message: 'is too long' }).describe('A charm shape, optionally with its label: heart, number-7, letter-A'),
  file: safeText().max(40, { message: 'is too long' }).describe('{metal-slug}.svg'),
});

/** Product pictures, drawn in code from the product's shape and the metal's colour. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/charms/:shape/:file',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The picture of a charm in a metal (SVG)',
        params,
      },
    },
    async (request, reply) => {
      const [shape = '', ...labelParts] = request.params.shape.split('-');
      const label = labelParts.join('-');
      const metal = findMetalBySlug(request.params.file.replace(/\.svg$/, ''));
      if (!isCharmShape(shape) || !metal || !request.params.file.endsWith('.svg') || !/^[A-Za-z0-9]{0,3}$/.test(label)) {
        throw notFound('There is no such picture.');
      }
      reply.header('cache-control', 'public, max-age=86400');
      return reply
        .type('image/svg+xml')
        .send(renderCharmSvg({ shape, metalColour: metal.colour, ...(label ? { label } : {}), size: 480 }));
    },
  );
};
