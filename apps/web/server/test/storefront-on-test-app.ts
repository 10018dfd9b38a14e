import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type EntryContext, type ServerBuild, data, redirect } from 'react-router';
import { readBagSummary } from '../../app/bag/bag-count.server';
import { createApiClient } from '../../app/lib/api-client';
import { apiErrorStatus } from '../../app/lib/api-status';
import { createStorefrontCookies } from '../../app/lib/cookies.server';
import type { StoreInfo } from '../../app/lib/context';
import { sharedPage } from '../../app/lib/shared-page';
import { readShopperPrefs } from '../../app/lib/shopper-prefs';
import { injectTransport } from '../inject-transport';
import { storefrontPlugin } from '../storefront-plugin';

/**
 * The real storefront server (storefront-plugin.ts, with the page cache) on a test app of the API, serving a small
 * React Router build of its own: a root that reads the shopper's bag (as the shop's root loader does), shared
 * product and listing pages that read the real API in the shopper's prefs, a personal bag page, and a shared route
 * that answers with a cookie. Its documents are plain HTML with the inline scripts a React Router page has (carrying
 * the render's nonce), so what the cache does to them can be read in the answers. `renders` counts product renders.
 */
export async function storefrontOnTestApp(app: FastifyInstance) {
  const counts = { productRenders: 0 };
  const route = (id: string, parentId: string | undefined, path: string | undefined, module: Record<string, unknown>) => ({
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    module: { default: () => null, ...module },
  });
  const routes = {
    root: route('root', undefined, '', {
      loader: async ({ request, context }: { request: Request; context: { api: ReturnType<typeof createApiClient>; log: never } }) => ({
        bagCount: (await readBagSummary(request, context.api, context.log)).itemCount,
        prefs: readShopperPrefs(request),
      }),
    }),
    'routes/product': route('routes/product', 'root', 'products/:category/:metal/:slug/:id', {
      handle: sharedPage,
      action: () => ({ ok: false }),
      loader: async ({ request, context }: { request: Request; context: { api: ReturnType<typeof createApiClient>; store: StoreInfo } }) => {
        counts.productRenders++;
        const prefs = readShopperPrefs(request);
        try {
          const answer = await context.api.getProductDetail({ path: new URL(request.url).pathname, metalId: prefs.metalId });
          if (answer.kind === 'redirect') throw redirect(answer.redirectTo, 301);
          // The address the render sees (its origin), and the shop's public one, as real pages write in their links.
          return { name: answer.product.name, price: answer.product.price?.display ?? null, canonical: `${context.store.publicBaseUrl}${answer.canonicalUrl}`, seenAt: new URL(request.url).origin };
        } catch (error) {
          if (apiErrorStatus(error) === 404 || apiErrorStatus(error) === 400) throw data(null, { status: 404 });
          throw error;
        }
      },
    }),
    'routes/listing': route('routes/listing', 'root', 'products/category/:first/:second?', {
      handle: sharedPage,
      loader: async ({ request, context }: { request: Request; context: { api: ReturnType<typeof createApiClient> } }) => {
        const prefs = readShopperPrefs(request);
        const answer = await context.api.getProducts({ path: new URL(request.url).pathname, metalId: prefs.metalId, pageSize: 4 });
        return { metal: answer.listing.metal.name, products: answer.products.map((product) => `${product.name} ${product.price?.display ?? ''}`) };
      },
    }),
    'routes/remember': route('routes/remember', 'root', 'remember', {
      handle: sharedPage,
      loader: () => data({ remembered: true }, { headers: { 'set-cookie': 'shopper-prefs=metalId%3D10; Path=/' } }),
    }),
    'routes/private': route('routes/private', 'root', 'private-note', {
      handle: sharedPage,
      headers: () => ({ 'Cache-Control': 'private, no-store' }),
      loader: () => ({ name: 'A note for you' }),
    }),
    'routes/order': route('routes/order', 'root', 'order', { loader: () => ({ personal: true }) }),
    'routes/content': route('routes/content', 'root', '*', { handle: sharedPage, loader: () => data(null, { status: 404 }) }),
  };

  const handleRequest = (_request: Request, status: number, headers: Headers, context: EntryContext, loadContext: { cspNonce: string }) => {
    const nonce = loadContext.cspNonce;
    const loaderData = context.staticHandlerContext.loaderData as Record<string, Record<string, unknown> | undefined>;
    const page = Object.entries(loaderData).find(([id]) => id !== 'root')?.[1];
    const html = [
      '<!DOCTYPE html><html lang="en"><head>',
      `<script nonce="${nonce}">document.documentElement.classList.add('js')</script>`,
      `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${nonce}"/>`,
      page?.canonical ? `<link rel="canonical" href="${String(page.canonical)}"/>` : '',
      '</head><body>',
      `<header><a href="/order">Bag (${loaderData.root?.bagCount ?? 0})</a></header>`,
      `<main><h1>${String(page?.name ?? page?.metal ?? 'Page')}</h1><p>${String(page?.price ?? '')}</p><ul>${((page?.products as string[] | undefined) ?? []).map((line) => `<li>${line}</li>`).join('')}</ul></main>`,
      `<script nonce="${nonce}">window.__context = ${JSON.stringify(loaderData).replace(/</g, '\\u003c')};</script>`,
      `<script nonce="${nonce}" type="module" async="">import "/assets/entry.client.js";</script>`,
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '</body></html>',
    ].join('');
    headers.set('content-type', 'text/html');
    return new Response(html, { status, headers });
  };

  const build = {
    entry: { module: { default: handleRequest } },
    routes,
    assets: {
      entry: { module: '/assets/entry.client.js', imports: [] },
      routes: Object.fromEntries(
        Object.values(routes).map((r) => [r.id, { id: r.id, parentId: r.parentId, path: r.path, module: `/assets/${r.id}.js`, hasLoader: true, hasAction: false, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false }]),
      ),
      url: '/assets/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: mkdtempSync(join(tmpdir(), 'charms-assets-')),
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    // As apps/web/react-router.config.ts has it.
    routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;

  const cookies = createStorefrontCookies('a test cookie secret that is long enough to sign');
  const store = async (): Promise<StoreInfo> => {
    const settings = await app.storeSettings.get();
    return { name: settings.storeName, publicBaseUrl: app.publicBaseUrl } as StoreInfo;
  };
  await app.register(storefrontPlugin, {
    build,
    clientDir: build.assetsBuildDirectory,
    loadContext: async (request, reply) => {
      const apiTransport = injectTransport(app, { remoteAddress: request.ip });
      return { api: createApiClient(apiTransport), apiTransport, store: await store(), log: request.log, cookies, cspNonce: reply.cspNonce.script };
    },
    takesPhoto: async () => false,
  });
  return counts;
}
