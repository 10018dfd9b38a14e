import { activityListSchema, activityQuerySchema } from '@charms/contracts/admin-audit';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listChanges } from '../staff/admin-audit';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The trail of every change to the catalog, photos, promotions and settings: every staff member reads it. */
export const adminActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin-activity',
    {
      schema: {
        tags: ['admin activity'],
        summary: 'Every change to the shop\'s setup, newest first: who, when, from where, what changed; pages of 50',
        querystring: activityQuerySchema,
        response: { 200: activityListSchema, ...errors },
      },
    },
    async (request) => listChanges(app.database.db, request.query),
  );
};
