import type { SeoEnvelope } from '@charms/contracts/envelope';
import { canonicalHref } from '@charms/domain/seo';
import { type MetaDescriptor, isRouteErrorResponse } from 'react-router';
import { envelopeOf } from './analytics';
import type { StoreInfo } from './context';

/** The envelope for a page the storefront writes itself (landing, gift and information pages). */
export function pageSeo(page: { title: string; description: string; keywords?: string; path: string }, storeName: string): SeoEnvelope {
  return {
    htmlHeadTitle: `${page.title} | ${storeName}`,
    htmlHeadMetaDescription: page.description,
    htmlHeadMetaKeywords: page.keywords ?? '',
    canonicalUrl: page.path,
    dataLayers: [],
  };
}

export const ROBOTS_CONTENT = { index: 'index, follow, archive', noindex: 'noindex, nofollow, noarchive' } as const;

type StoreForMeta = Pick<StoreInfo, 'name' | 'publicBaseUrl' | 'robots'>;

/** What a page asks of search engines beyond the shop's setting: not to be indexed, its links followed or not. */
export type PageRobots = 'noindex, follow' | 'noindex, nofollow';

/**
 * A page's one robots tag: the shop's setting (ROBOTS), unless the shop may be indexed and the page asks not to be.
 * One tag, so every reader (search engines, Lighthouse) reads the same thing.
 */
function robotsTag(store: StoreForMeta | undefined, pageRobots: PageRobots | undefined): MetaDescriptor {
  const content = !store || store.robots === 'noindex' ? ROBOTS_CONTENT.noindex : (pageRobots ?? ROBOTS_CONTENT.index);
  return { name: 'robots', content };
}

/** An error page's heading, and its title (root.tsx's StoreError; components/not-found.tsx for a 404). */
export function errorHeading(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) return 'Page not found';
  if (isRouteErrorResponse(error) && error.status === 503) return "We'll be back in a moment";
  return 'Something went wrong';
}

/**
 * Title, description, keywords, canonical link, Open Graph tags and the robots tag from a route's envelope. Every
 * storefront route's `meta` calls this: `export const meta: Route.MetaFunction = ({ data, matches }) => seoMeta(data, matches);`
 * A page without its data (an error, a page not found) is not indexed; its links are followed.
 */
export function seoMeta(data: unknown, matches: readonly ({ id: string; data?: unknown; error?: unknown } | undefined)[], pageRobots?: PageRobots): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === 'root')?.data as { store?: StoreForMeta } | undefined;
  const store = root?.store;
  const envelope = envelopeOf(data);
  if (!envelope || !store) {
    const failed = matches.find((match) => match?.error !== undefined);
    const heading = failed ? errorHeading(failed.error) : undefined;
    const name = store?.name ?? 'Charms';
    return [{ title: heading ? `${heading} | ${name}` : name }, robotsTag(store, 'noindex, follow')];
  }
  const url = canonicalHref(store.publicBaseUrl, envelope.canonicalUrl);
  const tags: MetaDescriptor[] = [
    { title: envelope.htmlHeadTitle },
    { name: 'description', content: envelope.htmlHeadMetaDescription },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: store.name },
    { property: 'og:title', content: envelope.htmlHeadTitle },
    { property: 'og:description', content: envelope.htmlHeadMetaDescription },
    { property: 'og:url', content: url },
    { property: 'og:image', content: canonicalHref(store.publicBaseUrl, '/og-image.png') },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (envelope.htmlHeadMetaKeywords) tags.push({ name: 'keywords', content: envelope.htmlHeadMetaKeywords });
  tags.push(robotsTag(store, pageRobots));
  return tags;
}
