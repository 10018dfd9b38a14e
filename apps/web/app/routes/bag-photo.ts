import { bagAction } from '../bag/bag-actions.server';
import { readSessionId } from '../lib/shopper-id.server';
import type { Route } from './+types/bag-photo';

const notFound = () => new Response('No such photo', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } });

/**
 * /order/photo/{itemUuid}: the preview of a PhotoArt line's photo, for the browser whose session cookie owns the bag
 * (the API checks the session against the line; anyone else gets a 404). Never stored by a cache or the browser.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const sessionId = readSessionId(request);
  if (!sessionId || !/^[0-9a-f-]{36}$/i.test(params.itemUuid)) return notFound();
  const file = await context.api.getBagPhoto(sessionId, params.itemUuid);
  if (!file) return notFound();
  return new Response(Buffer.from(file.bytes), {
    headers: { 'content-type': file.contentType, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
  });
}

/**
 * The bag's photo forms (upload, replace, remove) post here, the one bag address whose body may be a 20 MB photo
 * (server/storefront-plugin.ts): the bag's own action answers them, and redirects to /order without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return bagAction(request, context);
}
