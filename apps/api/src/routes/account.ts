import { errorBodySchema } from '@charms/contracts/errors';
import { STAFF_SESSION_COOKIE, XSRF_COOKIE, authenticateBodySchema, staffSessionSchema } from '@charms/contracts/staff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearStaffCookies, staffCookieOptions } from '../plugins/staff-area';
import { DEVICE_LIFETIME_SECONDS, STAFF_DEVICE_COOKIE } from '../staff/devices';
import { signIn } from '../staff/sign-in';
import { type StaffPrincipal, csrfToken, endSession, sessionEndsAt } from '../staff/sessions';

const tags = ['staff'];

/**
 * The session's CSRF token, as the XSRF-TOKEN cookie (readable by the page) and in the answer: the one the browser
 * has when it belongs to this session (so pages open in other tabs keep working), else a new one.
 */
function issueCsrfToken(request: FastifyRequest, reply: FastifyReply, sessionHash: string): string {
  const token = csrfToken(request.server.secrets.cookie, sessionHash, request.cookies[XSRF_COOKIE]);
  reply.setCookie(XSRF_COOKIE, token, staffCookieOptions(request, false));
  return token;
}

const sessionView = (staff: StaffPrincipal, csrf: string) => {
  const ends = sessionEndsAt(staff);
  return {
    staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, disabled: false, createdAt: staff.accountCreatedAt.toISOString() },
    idleExpiresAt: ends.idleExpiresAt.toISOString(),
    expiresAt: ends.expiresAt.toISOString(),
    csrfToken: csrf,
  };
};

/** POST /account/authenticate: the one staff call made without a session. */
export const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/account/authenticate',
    {
      schema: {
        tags,
        summary: 'Staff sign-in: a new session cookie (HttpOnly, SameSite=Strict) and a CSRF token',
        body: authenticateBodySchema,
        response: { 200: staffSessionSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const context = {
        db: app.database.db,
        limiter: app.rateLimiter,
        clock: app.clock,
        ip: request.ip,
        previousToken: request.cookies[STAFF_SESSION_COOKIE],
        device: { cookie: request.cookies[STAFF_DEVICE_COOKIE], secret: app.secrets.cookie },
      };
      const { token, principal, deviceCookie } = await signIn(context, request.body);
      reply.setCookie(STAFF_SESSION_COOKIE, token, staffCookieOptions(request, true));
      // Kept at sign-out: it says this browser has signed in as this email, so failures elsewhere cannot lock it out.
      reply.setCookie(STAFF_DEVICE_COOKIE, deviceCookie, { ...staffCookieOptions(request, true), maxAge: DEVICE_LIFETIME_SECONDS });
      return sessionView(principal, issueCsrfToken(request, reply, principal.sessionHash));
    },
  );
};

/** The signed-in side of /account (inside the staff area's guard). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account',
    {
      schema: {
        tags,
        summary: "The signed-in staff member's name, as text (401 when not signed in)",
        response: { 200: z.string(), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.type('text/plain; charset=utf-8');
      return request.staff.name;
    },
  );

  app.get(
    '/account/session',
    {
      schema: {
        tags,
        summary: 'Who is signed in, until when, and a fresh CSRF token (also set as the XSRF-TOKEN cookie)',
        response: { 200: staffSessionSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => sessionView(request.staff, issueCsrfToken(request, reply, request.staff.sessionHash)),
  );

  app.post(
    '/account/sign-out',
    {
      schema: { tags, summary: 'Ends the session on the server and clears its cookies', response: { 204: z.null(), 401: errorBodySchema, 403: errorBodySchema } },
    },
    async (request, reply) => {
      await endSession(app.database.db, request.staff.sessionHash);
      clearStaffCookies(request, reply);
      return reply.status(204).send(null);
    },
  );
};
