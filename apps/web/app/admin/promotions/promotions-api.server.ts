import type { PromotionDetail, SavePromotionInput, promotionListSchema } from '@charms/contracts/admin-promotions';
import type { z } from 'zod';
import type { AdminApi } from '../admin-api.server';

/** The promotions' calls, through the admin's API client (it forwards the staff session and the CSRF token). */
export function promotionsApi(admin: AdminApi) {
  const one = (id: number | string) => `/admin-promotions/${encodeURIComponent(String(id))}`;
  return {
    list: () => admin.call<z.infer<typeof promotionListSchema>>('GET', '/admin-promotions'),
    get: (id: string) => admin.call<PromotionDetail>('GET', one(id)),
    create: (csrf: string | null, body: SavePromotionInput) => admin.call<PromotionDetail>('POST', '/admin-promotions', { csrf, body }),
    update: (csrf: string | null, id: string, body: SavePromotionInput) => admin.call<PromotionDetail>('PUT', one(id), { csrf, body }),
    end: (csrf: string | null, id: string) => admin.call<PromotionDetail>('POST', `${one(id)}/end`, { csrf, body: {} }),
  };
}
