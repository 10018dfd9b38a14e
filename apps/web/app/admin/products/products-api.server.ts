import type { AdminProductDetail, AdminProductList, AdminProductOptions, SaveProductInput } from '@charms/contracts/admin-products';
import type { AdminApi } from '../admin-api.server';

/** The products' calls, through the admin's API client (it forwards the staff session and the CSRF token). */
export function productsApi(admin: AdminApi) {
  const one = (id: number | string) => `/admin-products/${encodeURIComponent(String(id))}`;
  return {
    list: (query: Record<string, string>) => admin.call<AdminProductList>('GET', `/admin-products?${new URLSearchParams(query)}`),
    options: () => admin.call<AdminProductOptions>('GET', '/admin-products/options'),
    get: (id: string) => admin.call<AdminProductDetail>('GET', one(id)),
    create: (csrf: string | null, body: SaveProductInput) => admin.call<AdminProductDetail>('POST', '/admin-products', { csrf, body }),
    update: (csrf: string | null, id: string, body: SaveProductInput) => admin.call<AdminProductDetail>('PUT', one(id), { csrf, body }),
    retire: (csrf: string | null, id: string) => admin.call<AdminProductDetail>('POST', `${one(id)}/retire`, { csrf, body: {} }),
    restore: (csrf: string | null, id: string) => admin.call<AdminProductDetail>('POST', `${one(id)}/restore`, { csrf, body: {} }),
  };
}
