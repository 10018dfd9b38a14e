import type { ProductPhotos, UpdatePhoto } from '@charms/contracts/product-photos';
import type { AdminApi } from '../admin-api.server';

/** A product's photos through the admin's API client (it forwards the staff session and the CSRF token). */
export function photosApi(admin: AdminApi, productId: string) {
  const base = `/admin-products/${encodeURIComponent(productId)}/photos`;
  return {
    list: () => admin.call<ProductPhotos>('GET', base),
    /** The browser's files, sent on as one multipart body: the API refuses all of them if one is refused. */
    upload: async (csrf: string | null, files: File[], fields: { alt: string; metal: string }) => {
      const form = new FormData();
      form.append('alt', fields.alt);
      form.append('metal', fields.metal);
      for (const file of files) form.append('photos', file, file.name);
      const encoded = new Response(form);
      const raw = { contentType: encoded.headers.get('content-type')!, bytes: new Uint8Array(await encoded.arrayBuffer()) };
      return admin.call<ProductPhotos>('POST', base, { csrf, raw });
    },
    update: (csrf: string | null, photoId: string, body: UpdatePhoto) => admin.call<ProductPhotos>('PATCH', `${base}/${encodeURIComponent(photoId)}`, { csrf, body }),
    reorder: (csrf: string | null, photoIds: number[]) => admin.call<ProductPhotos>('PUT', `${base}/order`, { csrf, body: { photoIds } }),
    remove: (csrf: string | null, photoId: string) => admin.call<ProductPhotos>('DELETE', `${base}/${encodeURIComponent(photoId)}`, { csrf }),
  };
}

/** The order after moving one photo a place up (-1) or down (+1); unchanged at either end. */
export function moved(ids: readonly number[], photoId: number, by: -1 | 1): number[] {
  const order = [...ids];
  const from = order.indexOf(photoId);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}
