import { data } from 'react-router';
import { TileGrid } from '../components/tile-grid';
import { findGiftPage } from '../content/gift-pages';
import { resolveTiles } from '../content/tiles';
import { pageSeo, seoMeta } from '../lib/seo';
import { fillTerms, storeTerms } from '../lib/store-terms';
import type { Route } from './+types/gift-ideas';
import { sharedPage } from '../lib/shared-page';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => seoMeta(loaderData, matches);

/** The six gift-idea pages: one route file, data from content/gift-pages. Tiles link in the shopper's metal. */
export function loader({ request, context }: Route.LoaderArgs) {
  const page = findGiftPage(new URL(request.url).pathname);
  if (!page) throw data('Not found', { status: 404 });
  return {
    seo: pageSeo({ title: page.title, description: page.description, path: page.path }, context.store.name),
    heading: page.heading,
    intro: fillTerms(page.intro, storeTerms(context.store)),
    tiles: resolveTiles(page.tiles, null, page.pictureMetal),
  };
}

export default function GiftIdeas({ loaderData }: Route.ComponentProps) {
  const { heading, intro, tiles } = loaderData;
  return (
    <div className="page">
      <h1>{heading}</h1>
      <p className="lede">{intro}</p>
      <h2 className="visually-hidden">Ideas</h2>
      <TileGrid tiles={tiles} label={`${heading}`} />
    </div>
  );
}
