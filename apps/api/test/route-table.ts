import type { FastifyInstance } from 'fastify';

/** One method of one route, as registered: `url` with its :params and wildcards. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Every route of an app, read from Fastify's own route tree (printRoutes without the common-prefix folding, so each
 * line names its node as registered under its parent): a line's depth is its indent, and its path is its
 * ancestors' segments joined. Each route found is checked with hasRoute, so a misread tree cannot pass for one
 * (wildcard routes excepted: hasRoute does not find those, and the tree prints the API's own catch-all as `*`).
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*?)([├└]── )(.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1]!.length + match[2]!.length) / 4 - 1;
    stack.length = depth;
    stack.push(match[3]!);
    const url = stack.join('');
    for (const method of (match[4] ?? '').split(',').map((name) => name.trim())) {
      if (!method || method === '-') continue;
      if (!url.includes('*') && !app.hasRoute({ method: method as 'GET', url })) throw new Error(`misread the route tree: ${method} ${url} is not a route`);
      routes.push({ method, url });
    }
  }
  return routes;
}

/** A URL for a route: each :param filled with a sample (a UUID where the name says id), each * with a word. */
export const sampleUrl = (url: string) =>
  url.replace(/:(\w+)\??/g, (_match, name: string) => (/id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'sample')).replace(/\*/g, 'sample');

/** The staff side's routes: every path under /api/admin… or /api/account…, except the sign-in itself. */
export const staffRoutes = (app: FastifyInstance) =>
  registeredRoutes(app).filter((route) => /^\/api\/(admin|account)/.test(route.url) && route.url !== '/api/account/authenticate');

/** The staff routes that answer anything but 401 SIGN_IN_REQUIRED to a request without a session. */
export async function unguardedStaffRoutes(app: FastifyInstance, cookies: Record<string, string> = {}): Promise<string[]> {
  const open: string[] = [];
  for (const route of staffRoutes(app)) {
    const response = await app.inject({ method: route.method as 'GET', url: sampleUrl(route.url), cookies });
    // HEAD answers carry no body: their status is all there is to check.
    const code = route.method === 'HEAD' ? 'SIGN_IN_REQUIRED' : errorCode(response.body);
    if (response.statusCode !== 401 || code !== 'SIGN_IN_REQUIRED') open.push(`${route.method} ${route.url} answered ${response.statusCode} ${code ?? ''}`.trim());
  }
  return open;
}

function errorCode(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}
