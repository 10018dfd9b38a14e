import type { ProductDetailResponse, ProductListResponse } from '@charms/contracts/catalog';
import type { CategoriesResponse } from '@charms/contracts/categories';
import type { ContentResponse } from '@charms/contracts/content';
import type { MenuResponse } from '@charms/contracts/menu';
import type { ErrorBody } from '@charms/contracts/errors';
import type { SitemapResponse } from '@charms/contracts/sitemap';

/** How the client reaches the API: in the server process this goes through Fastify's inject, no socket. */
export type ApiTransport = (request: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}) => Promise<{ status: number; body: unknown }>;

/** An API answer that was not 2xx, carrying the API's error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.error.message ?? `API answered ${status}`);
  }
}

/** The storefront's typed view of the core API; response types come from the contracts. */
export function createApiClient(transport: ApiTransport) {
  async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await transport({ method, path, body });
    if (response.status >= 200 && response.status < 300) return response.body as T;
    throw new ApiError(response.status, response.body as ErrorBody | undefined);
  }
  /** Query strings from plain values; undefined values are left out. */
  function withQuery(path: string, query: Record<string, string | number | undefined>): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
    return `${path}?${params}`;
  }
  return {
    /** A listing: `path` is the storefront path shown (category, search or collection page). */
    getProducts: (query: { path: string; q?: string; metalId?: number; braceletSize?: number; orderBy?: string; page?: number; pageSize?: number }) =>
      call<ProductListResponse>('GET', withQuery('/products', query)),
    /** A product page; `kind: 'redirect'` means answer the browser with a 301 to `redirectTo`. */
    getProductDetail: (query: { path: string; metalId?: number; braceletSize?: number }) =>
      call<ProductDetailResponse>('GET', withQuery('/products/detail', query)),
    getCategories: () => call<CategoriesResponse>('GET', '/categories'),
    getMenu: () => call<MenuResponse>('GET', '/menu'),
    /** Every canonical category and product path, for sitemap.xml. */
    getSitemap: () => call<SitemapResponse>('GET', '/sitemap'),
    /** The CMS page for a storefront path; ApiError 404 when there is none. */
    getContent: (objectKey: string) => call<ContentResponse>('GET', `/content?${new URLSearchParams({ objectKey })}`),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
