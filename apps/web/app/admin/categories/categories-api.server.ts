import type { AdminCategoryDetail, AdminCategoryList, CreateCategoryInput, ReorderCategories, UpdateCategoryInput } from '@charms/contracts/admin-categories';
import type { AdminApi } from '../admin-api.server';

/** The categories' calls, through the admin's API client (it forwards the staff session and the CSRF token). */
export function categoriesApi(admin: AdminApi) {
  const one = (id: number | string) => `/admin-categories/${encodeURIComponent(String(id))}`;
  return {
    list: () => admin.call<AdminCategoryList>('GET', '/admin-categories'),
    get: (id: string) => admin.call<AdminCategoryDetail>('GET', one(id)),
    create: (csrf: string | null, body: CreateCategoryInput) => admin.call<AdminCategoryDetail>('POST', '/admin-categories', { csrf, body }),
    update: (csrf: string | null, id: string, body: UpdateCategoryInput) => admin.call<AdminCategoryDetail>('PATCH', one(id), { csrf, body }),
    reorder: (csrf: string | null, body: ReorderCategories) => admin.call<AdminCategoryList>('POST', '/admin-categories/order', { csrf, body }),
  };
}
