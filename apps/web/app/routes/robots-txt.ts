import { canonicalHref } from '@charms/domain/seo';
import type { Route } from './+types/robots-txt';

/**
 * robots.txt follows ROBOTS: a shop that may be indexed lists its sitemap; otherwise everything is disallowed.
 * The bag, checkout and confirmation pages (/order...) are not disallowed: they say `noindex` themselves, which a
 * search engine reads only if it may fetch them (a disallowed address linked from every page can still be listed,
 * without its words). The API, staff pages and the preferences form are never fetched.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { robots, publicBaseUrl } = context.store;
  const body =
    robots === 'index'
      ? `User-agent: *\nDisallow: /api/\nDisallow: /account\nDisallow: /admin\nDisallow: /preferences\n\nSitemap: ${canonicalHref(publicBaseUrl, '/sitemap.xml')}\n`
      : 'User-agent: *\nDisallow: /\n';
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
