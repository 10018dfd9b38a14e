import { errorBodySchema } from '@charms/contracts/errors';
import { createStaffBodySchema, staffIdParamsSchema, staffListResponseSchema, staffMemberSchema, updateStaffBodySchema } from '@charms/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/staff-area';
import { addStaff, listStaff, updateStaff } from '../staff/accounts';

const tags = ['staff'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Owners manage staff accounts: add, rename, change role, disable or enable, reset a password. */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = { ownerOnly: true };
  app.get('/admin-staff', { config, schema: { tags, summary: 'Every staff account (owners)', response: { 200: staffListResponseSchema, ...errors } } }, async () => ({
    staff: await listStaff(db),
  }));
  app.post(
    '/admin-staff',
    { config, schema: { tags, summary: 'Add a staff account (owners)', body: createStaffBodySchema, response: { 201: staffMemberSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await addStaff(db, actorOf(request), request.body)),
  );
  app.patch(
    '/admin-staff/:id',
    {
      config,
      schema: { tags, summary: 'Change a staff account; disabling it or setting its password ends its sessions (owners)', params: staffIdParamsSchema, body: updateStaffBodySchema, response: { 200: staffMemberSchema, ...errors } },
    },
    async (request) => updateStaff(db, actorOf(request), request.params.id, request.body, request.staff.sessionHash),
  );
};
