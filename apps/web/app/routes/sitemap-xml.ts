import { escapeXml } from '@charms/art/svg';
import { canonicalHref } from '@charms/domain/seo';
import { GIFT_PAGES } from '../content/gift-pages';
import { LANDING_PAGES } from '../content/landing-pages';
import type { Route } from './+types/sitemap-xml';

/** The sitemap protocol's limit for one file; a catalog beyond it needs a sitemap index (docs/catalog-pages.md). */
const MAX_URLS = 50_000;

/** /sitemap.xml: the home, landing and gift pages, /categories, and every canonical category and product page. */
export async function loader({ context }: Route.LoaderArgs) {
  const { entries } = await context.api.getSitemap();
  const pages = ['/', ...LANDING_PAGES.map((page) => page.path), ...GIFT_PAGES.map((page) => page.path), '/categories'];
  const paths = [...pages, ...entries.map((entry) => entry.path)].slice(0, MAX_URLS);
  const urls = paths.map((path) => `  <url><loc>${escapeXml(canonicalHref(context.store.publicBaseUrl, path))}</loc></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
