import { PRODUCT_CSV_MAX_BYTES, productImportQuerySchema, productImportReportSchema } from '@charms/contracts/admin-products-csv';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http-error';
import { actorOf } from '../plugins/staff-area';
import { exportProductCsv } from '../services/product-csv-export';
import { importProductCsv } from '../services/product-csv-import';

const tags = ['products'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema };

/**
 * The products CSV (docs/admin.md): every staff member exports it; only owners import, since one file can reprice
 * or retire the whole catalog. The import's body is the file itself (text/csv), read as bytes up to 15 MB.
 */
export const adminProductCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // Only this plugin's routes take CSV bodies (Fastify scopes a content-type parser to its plugin).
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'buffer', bodyLimit: PRODUCT_CSV_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.get(
    '/admin-products/export.csv',
    { schema: { tags, summary: 'Every product, retired ones included, as the import reads it (UTF-8 CSV)', produces: ['text/csv'], response: { 200: z.string(), ...errors } } },
    async (_request, reply) => {
      const day = app.clock.now().toISOString().slice(0, 10);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="products-${day}.csv"`);
      return exportProductCsv(db);
    },
  );

  app.post(
    '/admin-products/import',
    {
      config: { ownerOnly: true },
      bodyLimit: PRODUCT_CSV_MAX_BYTES,
      schema: {
        tags,
        summary: 'Import products from CSV (owners): a dry run reports every error by line and column; an import applies all of it or nothing (400 CSV_INVALID with the report)',
        consumes: ['text/csv'],
        querystring: productImportQuerySchema,
        response: { 200: productImportReportSchema, ...errors },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file itself as the body, with Content-Type: text/csv.');
      return importProductCsv(db, actorOf(request), request.body, { dryRun: request.query.dryRun, now: app.clock.now() });
    },
  );
};
