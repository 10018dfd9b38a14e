import { data } from 'react-router';
import type { AddItemBody, AddItemResponse, BagResponse, SaveBagBody, ShippingTypesResponse } from '@charms/contracts/bag';
import type { ProductDetailResponse, ProductListResponse } from '@charms/contracts/catalog';
import type { ClientTokenResponse, CompleteOrderBody, CompleteOrderResponse, OrderResponse } from '@charms/contracts/checkout';
import type { CategoriesResponse, MovedCategory } from '@charms/contracts/categories';
import type { ContentResponse } from '@charms/contracts/content';
import type { MenuResponse } from '@charms/contracts/menu';
import type { NewsletterConfirmResponse, NewsletterSubscribeResponse, NewsletterUnsubscribeResponse } from '@charms/contracts/newsletter';
import type { ErrorBody } from '@charms/contracts/errors';
import type { BagPhoto } from '@charms/contracts/photo-art';
import type { UserSession } from '@charms/contracts/session';
import type { SitemapResponse } from '@charms/contracts/sitemap';

/**
 * How the client reaches the API: in the server process this goes through Fastify's inject, no socket. The answer's
 * Set-Cookie headers come back too, for the staff pages, which pass the API's session cookies on to the browser.
 */
export type ApiTransport = (request: {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A body sent as it is (a multipart upload, a CSV file) instead of `body` as JSON. */
  raw?: { contentType: string; bytes: Uint8Array };
}) => Promise<{ status: number; body: unknown; setCookies?: string[]; file?: { bytes: Uint8Array; contentType: string } }>;

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
  async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, sessionId?: string): Promise<T> {
    return answer<T>(await transport({ method, path, body, ...(sessionId ? { headers: { usersessionid: sessionId } } : {}) }));
  }
  /** A 2xx answer's body, or the API's error thrown. */
  function answer<T>(response: Awaited<ReturnType<ApiTransport>>): T {
    if (response.status >= 200 && response.status < 300) return response.body as T;
    const error = response.body as ErrorBody | undefined;
    // The shop cannot answer for a moment (its database is unreachable): every page says so with a 503.
    if (response.status === 503 && error?.error.code === 'SERVICE_UNAVAILABLE') throw data(error, { status: 503 });
    throw new ApiError(response.status, error);
  }
  /** Query strings from plain values; undefined values are left out. */
  function withQuery(path: string, query: Record<string, string | number | undefined>): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
    return `${path}?${params}`;
  }
  return {
    /** A listing: `path` is the storefront path shown (category, search or collection page). */
    getProducts: (query: { path: string; q?: string; metalId?: number; braceletSize?: number; orderBy?: string; page?: number; pageSize?: number; kind?: string; minPrice?: string; maxPrice?: string }) =>
      call<ProductListResponse>('GET', withQuery('/products', query)),
    /** A product page; `kind: 'redirect'` means answer the browser with a 301 to `redirectTo`. */
    getProductDetail: (query: { path: string; metalId?: number; braceletSize?: number }) =>
      call<ProductDetailResponse>('GET', withQuery('/products/detail', query)),
    getCategories: () => call<CategoriesResponse>('GET', '/categories'),
    /** Where a renamed category lives now, from one of its old slugs (ApiError 404 when none ever had it). */
    findMovedCategory: (slug: string) => call<MovedCategory>('GET', withQuery('/categories/moved', { slug })),
    getMenu: () => call<MenuResponse>('GET', '/menu'),
    /** Every canonical category and product path, for sitemap.xml. */
    getSitemap: () => call<SitemapResponse>('GET', '/sitemap'),
    /** Starts a shopper session (the server side of a form post from a browser that has none yet). */
    createSession: (body: { metalId?: number; braceletSize?: number; productsOrderBy?: string }) => call<UserSession>('POST', '/user-session', body),
    // The bag and checkout act for one shopper: the session id travels as the userSessionId header.
    getBag: (sessionId: string, options: { suggestions?: boolean } = {}) =>
      call<BagResponse>('GET', `/shopping-cart?includeSuggestedItems=${options.suggestions ?? true}`, undefined, sessionId),
    addToBag: (sessionId: string, body: AddItemBody) => call<AddItemResponse>('POST', '/shopping-cart/items', body, sessionId),
    addAssembly: (sessionId: string) => call<BagResponse>('GET', '/shopping-cart/add/charm-assembly?includeSuggestedItems=true', undefined, sessionId),
    setQuantity: (sessionId: string, itemUuid: string, quantity: number) =>
      call<BagResponse>('GET', `/shopping-cart/items/${encodeURIComponent(itemUuid)}/quantity/${encodeURIComponent(String(quantity))}?includeSuggestedItems=true`, undefined, sessionId),
    removeItem: (sessionId: string, itemUuid: string) =>
      call<BagResponse>('DELETE', `/shopping-cart/items/${encodeURIComponent(itemUuid)}?includeSuggestedItems=true`, undefined, sessionId),
    removeEngraving: (sessionId: string, itemUuid: string, itemSpecificUuid: string) =>
      call<BagResponse>(
        'DELETE',
        `/shopping-cart/items/${encodeURIComponent(itemUuid)}/itemSpecifics/${encodeURIComponent(itemSpecificUuid)}?includeSuggestedItems=true`,
        undefined,
        sessionId,
      ),
    emptyBag: (sessionId: string) => call<BagResponse>('GET', '/shopping-cart/empty?includeSuggestedItems=true', undefined, sessionId),
    applyPromoCode: (sessionId: string, code: string) =>
      call<BagResponse>('GET', `/shopping-cart/add/promo-code/${encodeURIComponent(code)}?includeSuggestedItems=true`, undefined, sessionId),
    getShippingTypes: (sessionId: string, shipToStateProvince: string) =>
      call<ShippingTypesResponse>('GET', withQuery('/shopping-cart/shipping-types', { shipToStateProvince }), undefined, sessionId),
    saveBag: (sessionId: string, body: SaveBagBody) => call<BagResponse>('POST', '/shopping-cart/save?includeSuggestedItems=true', body, sessionId),
    getClientToken: () => call<ClientTokenResponse>('POST', '/shopping-cart/payments/braintree/client-token', {}),
    completeOrder: (sessionId: string, body: CompleteOrderBody) => call<CompleteOrderResponse>('POST', '/shopping-cart/complete-order', body, sessionId),
    /** An order, for the session that placed it, or with the signed link's token. */
    getOrder: (number: string, access: { sessionId?: string | undefined; token?: string | undefined }) =>
      call<OrderResponse>('GET', withQuery(`/orders/${encodeURIComponent(number)}`, { token: access.token }), undefined, access.sessionId),
    /** The CMS page for a storefront path; ApiError 404 when there is none. */
    getContent: (objectKey: string) => call<ContentResponse>('GET', `/content?${new URLSearchParams({ objectKey })}`),
    // The newsletter (double opt-in): signup, then the confirmation link's token, or an unsubscribe link's token.
    subscribeNewsletter: (email: string) => call<NewsletterSubscribeResponse>('POST', '/newsletter/subscriptions', { email }),
    confirmNewsletter: (token: string) => call<NewsletterConfirmResponse>('POST', '/newsletter/confirm', { token }),
    unsubscribeNewsletter: (token: string) => call<NewsletterUnsubscribeResponse>('POST', '/newsletter/unsubscribe', { token }),
    // A PhotoArt line's photo (private to the session): uploaded as multipart, read back as a JPEG.
    uploadBagPhoto: async (sessionId: string, itemUuid: string, file: File) => {
      const form = new FormData();
      form.append('photo', file, file.name);
      const encoded = new Response(form);
      const raw = { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
      return answer<BagPhoto>(await transport({ method: 'POST', path: `/shopping-cart/items/${encodeURIComponent(itemUuid)}/photo`, headers: { usersessionid: sessionId }, raw }));
    },
    removeBagPhoto: (sessionId: string, itemUuid: string) => call<null>('DELETE', `/shopping-cart/items/${encodeURIComponent(itemUuid)}/photo`, undefined, sessionId),
    /** The preview of the line's photo, or null when this session has none for it. */
    getBagPhoto: async (sessionId: string, itemUuid: string) => {
      const response = await transport({ method: 'GET', path: `/shopping-cart/items/${encodeURIComponent(itemUuid)}/photo`, headers: { usersessionid: sessionId } });
      if (response.status === 200 && response.file) return response.file;
      if (response.status === 404 || response.status === 400) return null;
      return answer<never>(response);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
