import type { CategoriesResponse } from '@charms/contracts/categories';
import type { MenuResponse } from '@charms/contracts/menu';
import type { ErrorBody } from '@charms/contracts/errors';

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
  return {
    getCategories: () => call<CategoriesResponse>('GET', '/categories'),
    getMenu: () => call<MenuResponse>('GET', '/menu'),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
