import type { AdminContentPage, contentPageListSchema, contentPreviewSchema, previewContentBodySchema, saveContentPageBodySchema } from '@charms/contracts/admin-content';
import type { z } from 'zod';
import type { AdminApi } from '../admin-api.server';

type SaveBody = z.input<typeof saveContentPageBodySchema>;

/**
 * The content pages' calls, through the admin's API client (it forwards the staff session and the CSRF token).
 * Kept beside the content pages rather than in admin-api.server.ts, which the order pages share.
 */
export function contentApi(admin: AdminApi) {
  const byPath = (path: string) => admin.withQuery('/admin-content/page', { path });
  return {
    list: () => admin.call<z.infer<typeof contentPageListSchema>>('GET', '/admin-content'),
    get: (path: string) => admin.call<AdminContentPage>('GET', byPath(path)),
    save: (csrf: string | null, body: SaveBody) => admin.call<AdminContentPage>('PUT', '/admin-content', { csrf, body }),
    /** The body as the storefront would show it, sanitized; nothing is saved. */
    preview: (csrf: string | null, body: z.input<typeof previewContentBodySchema>) => admin.call<z.infer<typeof contentPreviewSchema>>('POST', '/admin-content/preview', { csrf, body }),
    remove: (csrf: string | null, path: string) => admin.call<unknown>('DELETE', byPath(path), { csrf }),
  };
}
