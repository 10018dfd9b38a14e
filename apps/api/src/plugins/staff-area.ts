import { STAFF_SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@charms/contracts/staff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../http-error';
import type { Actor } from '../staff/audit';
import { type StaffPrincipal, findSession, isValidCsrfToken } from '../staff/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set by the staff area's guard, so always there in a staff route. */
    staff: StaffPrincipal;
  }
  interface FastifyContextConfig {
    /** Only owners may call this route (staff accounts, later store settings). */
    ownerOnly?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const signInRequired = () => new HttpError(401, 'SIGN_IN_REQUIRED', 'Please sign in: you are not signed in, or your session has ended.');

/** Who acts in a staff request, for the audit trail. */
export const actorOf = (request: FastifyRequest): Actor & { id: string } => ({ id: request.staff.id, name: request.staff.name, ip: request.ip });

/** Cookies of the staff side: Strict same-site, Secure over HTTPS (or when the shop's public address is HTTPS). */
export function staffCookieOptions(request: FastifyRequest, httpOnly: boolean) {
  const secure = request.protocol === 'https' || request.server.publicBaseUrl.startsWith('https:');
  return { path: '/', httpOnly, sameSite: 'strict' as const, secure };
}

export function clearStaffCookies(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(STAFF_SESSION_COOKIE, staffCookieOptions(request, true));
  reply.clearCookie(XSRF_COOKIE, staffCookieOptions(request, false));
}

/**
 * The one guard of the staff side. Every staff route is registered inside this plugin, so its onRequest hook runs
 * before anything else of the route (body parsing, validation, the handler), for every route added later too:
 * - no live session: 401 (an ended, expired, idle or disabled account's session included);
 * - a call that changes something without X-XSRF-TOKEN equal to the XSRF-TOKEN cookie and signed for this
 *   session: 403, nothing changed;
 * - an owners-only route called by staff: 403.
 */
export const staffArea: FastifyPluginAsyncZod<{ routes: FastifyPluginAsyncZod[] }> = async (app, { routes }) => {
  app.decorateRequest('staff', null as unknown as StaffPrincipal);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    const staff = token ? await findSession(app.database.db, token, app.clock.now()) : null;
    if (!staff) {
      if (token) clearStaffCookies(request, reply);
      throw signInRequired();
    }
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[XSRF_HEADER];
      const cookie = request.cookies[XSRF_COOKIE];
      if (typeof header !== 'string' || header !== cookie || !isValidCsrfToken(app.secrets.cookie, staff.sessionHash, header)) {
        throw new HttpError(403, 'CSRF_TOKEN_INVALID', 'This change was refused because the page that sent it could not be verified. Reload the page and try again.');
      }
    }
    if (request.routeOptions.config.ownerOnly && staff.role !== 'owner') {
      throw new HttpError(403, 'OWNER_ONLY', 'Only an owner can do this.');
    }
    request.staff = staff;
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  for (const routes_ of routes) await app.register(routes_);
};
