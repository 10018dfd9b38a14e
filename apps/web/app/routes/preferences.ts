import { redirect } from 'react-router';
import { isHttps } from '../lib/https';
import { readShopperPrefs, serializePrefsCookie, toShopperPrefs } from '../lib/shopper-prefs';
import type { Route } from './+types/preferences';
import { pathOnThisSite } from '../lib/site-path';

/**
 * POST /preferences: changes the shopper's metal, bracelet size or sort order without JavaScript (a plain form
 * with any of metalId, braceletSize, productsOrderBy and redirectTo). It rewrites the prefs cookie and goes back.
 * With JavaScript, pages call useShopperSession().update instead, which also updates the session on the server.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const current = readShopperPrefs(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const prefs = toShopperPrefs({
    metalId: field('metalId') ?? current.metalId,
    braceletSize: field('braceletSize') ?? current.braceletSize,
    productsOrderBy: field('productsOrderBy') ?? current.productsOrderBy,
  });
  return redirect(pathOnThisSite(field('redirectTo')), { headers: { 'set-cookie': serializePrefsCookie(prefs, isHttps(request.url)) } });
}

export function loader() {
  return redirect('/');
}

