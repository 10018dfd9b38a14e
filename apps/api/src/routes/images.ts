import { isCharmShape, renderCharmSvg } from '@charms/art/charm';
import { parseDesignKey } from '@charms/art/product-design';
import { renderProductSvg } from '@charms/art/product-picture';
import { findMetalBySlug } from '@charms/domain/metals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { safeText } from '@charms/contracts/text';
import { z } from 'zod';
import { notFound } from '../http-error';

const params = z.object({
  shape: safeText().max(40, { message: 'is too long' }).describe('A charm shape, optionally with its label: heart, number-7, letter-A'),
  file: safeText().max(40, { message: 'is too long' }).describe('{metal-slug}.svg'),
});

const productParams = z.object({
  design: safeText()
    .max(80, { message: 'is too long' })
    .describe("The drawing's key, as the product's imageUrl gives it, e.g. c.sitting-dog.disc.plain.30 or b.box.lobster._.5"),
  file: safeText().max(40, { message: 'is too long' }).describe('{metal-slug}.svg'),
});

/**
 * Rendered product pictures by design key and metal. Every instance renders the same answer for a key, so a
 * bounded in-process map is all the sharing needed; the oldest entry goes when it is full.
 */
const rendered = new Map<string, string>();
const RENDERED_LIMIT = 2_000;

function renderCached(key: string, metalColour: string, render: () => string): string {
  const cacheKey = `${key}|${metalColour}`;
  let svg = rendered.get(cacheKey);
  if (svg === undefined) {
    svg = render();
    if (rendered.size >= RENDERED_LIMIT) rendered.delete(rendered.keys().next().value!);
    rendered.set(cacheKey, svg);
  }
  return svg;
}

/** Product pictures, drawn in code from the product's name (the design key) and the metal's colour. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/products/v1/:design/:file',
    {
      schema: {
        tags: ['catalog'],
        summary: "A product's picture in a metal (SVG), by the design key in the product's imageUrl",
        params: productParams,
      },
    },
    async (request, reply) => {
      const { design: key, file } = request.params;
      const design = parseDesignKey(key);
      const metal = file.endsWith('.svg') ? findMetalBySlug(file.slice(0, -4)) : undefined;
      if (!design || !metal) throw notFound('There is no such picture.');
      // The URL names the drawing exactly (a new drawing gets a new version in the path): cache it for a year.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.type('image/svg+xml').send(renderCached(key, metal.colour, () => renderProductSvg(design, metal.colour)));
    },
  );

  // The silhouettes by shape, kept for links made before pictures were drawn from the product's name.
  app.get(
    '/images/charms/:shape/:file',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The picture of a charm shape in a metal (SVG)',
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
