import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * The browser's protections on every answer, API and storefront alike (helmet's headers, worked out once):
 * no other site may frame our pages, browsers do not guess content types, other sites see only our origin as the
 * referrer, and HTTPS is remembered once a shopper has reached the shop over it.
 *
 * API answers are JSON that no browser should run or render as a page: `default-src 'none'`. The storefront's
 * pages get their own policy (pagePolicy), with a fresh nonce for each page's scripts.
 */
const API_DIRECTIVES = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/**
 * Other sites see only our origin: never a page's path or query, which can hold an order link's token.
 * (Not no-referrer: browsers then send `Origin: null` on our own form posts, which the storefront refuses.)
 */
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Features the shop never uses, switched off for its pages and anything they embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(), browsing-topics=()';

/** One year; subdomains too, as the whole host is served over HTTPS once it is. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Braintree's documented hosts for Hosted Fields (its client, its iframes, its analytics) in both environments. */
const BRAINTREE = {
  script: ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com'],
  frame: ['https://assets.braintreegateway.com'],
  connect: [
    'https://api.sandbox.braintreegateway.com',
    'https://api.braintreegateway.com',
    'https://client-analytics.sandbox.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://*.braintree-api.com',
  ],
  img: ['https://assets.braintreegateway.com'],
};

/** Google Tag Manager and the GA4 tags it loads (Google's documented hosts). */
const GTM = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/**
 * The storefront's policy. It is the same on every page: after the first page, React Router renders the next ones
 * in the browser under the first page's policy, so the card form's allowances must already be there on the home
 * page. Third parties are allowed only when configured: Braintree with PAYMENT_GATEWAY=braintree (the test gateway needs
 * none), Google Tag Manager with GTM_ID. Scripts run only with the page's nonce (added for each answer) or when loaded by one.
 * Styles come from our files; `style-src-attr 'unsafe-inline'` lets React's style attributes through (the home
 * banner's fade time is one), which cannot run code.
 */
export function pageDirectives(config: Pick<Config, 'GTM_ID' | 'PAYMENT_GATEWAY'>): Record<string, string[]> {
  const braintree = config.PAYMENT_GATEWAY === 'braintree';
  const gtm = config.GTM_ID !== undefined;
  const hosts = (from: keyof typeof BRAINTREE & keyof typeof GTM) => [...(braintree ? BRAINTREE[from] : []), ...(gtm ? GTM[from] : [])];
  return {
    'default-src': ["'self'"],
    // 'strict-dynamic': a script runs only with the page's nonce, or when a script that has it loads it (our module
    // graph, GTM's tags, Braintree's client). Browsers that know it ignore 'self' and the hosts, so an injected
    // <script src> from an allowed host (say, GTM with someone else's container id) does not run; older browsers
    // fall back to them.
    'script-src': ["'self'", "'strict-dynamic'", ...hosts('script')],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    // blob: the preview of a PhotoArt photo the shopper has chosen, shown before it is sent (a local object URL).
    'img-src': ["'self'", 'data:', 'blob:', ...hosts('img')],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...hosts('connect')],
    'frame-src': braintree ? BRAINTREE.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The headers helmet writes for these options, worked out once: helmet checks and assembles its options each time its
 * middleware is made, which @fastify/helmet did on every request (a quarter of the CPU of a page served from the page
 * cache). The header values do not depend on the request, so they are taken from helmet once and set as they are.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const BROWSER_PROTECTIONS: HelmetOptions = {
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: REFERRER_POLICY },
  // Set per request, only on answers that travelled over HTTPS.
  strictTransportSecurity: false,
};

/**
 * The headers of every answer that is not a page: helmet's protections with the API's policy, and the permissions
 * policy. Also on the answers given before any route (a bad address, headers too large: plugins/errors.ts).
 */
export const API_PROTECTIONS: Readonly<Record<string, string>> = {
  ...helmetHeaders({ ...BROWSER_PROTECTIONS, contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES } }),
  'permissions-policy': PERMISSIONS_POLICY,
};

/** A nonce's place in the page policy, filled in for each answer. */
const NONCE_SLOT = 'nonce-0000000000000000';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route answers with storefront pages: their Content-Security-Policy, with a fresh script nonce. */
    pagePolicy?: boolean;
  }
  interface FastifyReply {
    /** The script nonce of this page's Content-Security-Policy (routes with `config.pagePolicy` only). */
    cspNonce: { script: string };
  }
}

/**
 * The browser's protections on every answer (helmet's headers, with the API's policy), and on the routes that say
 * `config: { pagePolicy: true }` the storefront's policy with a new script nonce in `reply.cspNonce.script`.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const directives = pageDirectives(app.config);
  const pageHeaders = helmetHeaders({
    ...BROWSER_PROTECTIONS,
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'script-src': [...directives['script-src']!, `'${NONCE_SLOT}'`] } },
  });
  const [policyBefore, policyAfter] = pageHeaders['content-security-policy']!.split(NONCE_SLOT) as [string, string];
  app.decorateReply('cspNonce', null as unknown as { script: string });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.pagePolicy) {
      const nonce = randomBytes(16).toString('hex');
      reply.cspNonce = { script: nonce };
      reply.headers(pageHeaders);
      reply.header('content-security-policy', `${policyBefore}nonce-${nonce}${policyAfter}`);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    } else {
      reply.headers(API_PROTECTIONS);
    }
    // request.protocol follows X-Forwarded-Proto only when TRUST_PROXY says a proxy sets it.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
});
