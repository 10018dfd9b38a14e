import { errorBodySchema } from '@charms/contracts/errors';
import {
  createUserSessionBodySchema,
  sessionHeadersSchema,
  sessionParamsSchema,
  updateUserSessionBodySchema,
  userSessionSchema,
} from '@charms/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUserSession, getUserSession, updateUserSession } from '../services/user-sessions';

export const userSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // A shopper's own session (their metal, their address's country): no cache keeps it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/user-session',
    {
      schema: {
        tags: ['session'],
        summary: 'Start a shopper session (made at startup when no valid session id is stored)',
        body: createUserSessionBodySchema,
        response: { 201: userSessionSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createUserSession(db, request.body)),
  );

  app.get(
    '/user-session/:id',
    {
      schema: {
        tags: ['session'],
        summary: 'Read a shopper session',
        params: sessionParamsSchema,
        response: { 200: userSessionSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getUserSession(db, request.params.id),
  );

  app.put(
    '/user-session',
    {
      schema: {
        tags: ['session'],
        summary: "Change the shopper's metal, bracelet size, last product or sort order",
        headers: sessionHeadersSchema,
        body: updateUserSessionBodySchema,
        response: { 200: userSessionSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => updateUserSession(db, request.headers.usersessionid, request.body),
  );
};
