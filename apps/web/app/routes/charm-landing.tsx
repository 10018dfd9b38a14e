import { findMetalById, findMetalBySlug } from '@charms/domain/metals';
import { Link, data } from 'react-router';
import { TileGrid } from '../components/tile-grid';
import { findLandingPage } from '../content/landing-pages';
import { resolveTiles } from '../content/tiles';
import { pageSeo, seoMeta } from '../lib/seo';
import { readShopperPrefs } from '../lib/shopper-prefs';
import type { Route } from './+types/charm-landing';
import { sharedPage } from '../lib/shared-page';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => seoMeta(loaderData, matches);

/** The charm landing pages (/rembrandt-charms, /gold-charms, ...): one route file, data from content/landing-pages. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = findLandingPage(url.pathname);
  if (!page) throw data('Not found', { status: 404 });
  const asked = url.searchParams.get('metal');
  const linkMetal = page.fixedLinks ? null : page.metals.find((slug) => slug === asked) ?? page.metals[0] ?? null;
  // Pages that link without a metal show the pictures in the shopper's own metal, as the listings will.
  const shopperMetal = findMetalById(readShopperPrefs(request).metalId)?.slug;
  const pictureMetal = linkMetal ?? (page.fixedLinks ? page.pictureMetal : (shopperMetal ?? page.pictureMetal));
  return {
    seo: pageSeo({ title: page.title, description: page.description, keywords: page.keywords, path: page.path }, context.store.name),
    heading: page.heading,
    intro: page.intro,
    path: page.path,
    tiles: resolveTiles(page.tiles, linkMetal, pictureMetal),
    metalChoices: page.metals.length > 1 ? page.metals.map((slug) => ({ slug, name: findMetalBySlug(slug)?.name ?? slug, current: slug === linkMetal })) : [],
    metalName: linkMetal ? (findMetalBySlug(linkMetal)?.name ?? null) : null,
  };
}

export default function CharmLanding({ loaderData }: Route.ComponentProps) {
  const { heading, intro, tiles, metalChoices, path, metalName } = loaderData;
  return (
    <div className="page">
      <h1>{heading}</h1>
      <p className="lede">{intro}</p>
      {metalChoices.length > 0 ? (
        <nav aria-label="Metal" className="metal-switch">
          <span className="metal-switch__label">Shown in:</span>
          <ul>
            {metalChoices.map((choice, index) => (
              <li key={choice.slug}>
                <Link to={index === 0 ? path : `${path}?metal=${choice.slug}`} aria-current={choice.current ? 'true' : undefined} preventScrollReset>
                  {choice.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <h2 className="visually-hidden">Categories{metalName ? ` in ${metalName}` : ''}</h2>
      <TileGrid tiles={tiles} label={`${heading} categories`} />
      <LandingAssurance />
    </div>
  );
}

/** The links every landing page carries: returns and guarantee, Rembrandt charms, bracelets. */
function LandingAssurance() {
  return (
    <aside className="assurance" aria-labelledby="assurance-heading">
      <h2 id="assurance-heading">Shop with confidence</h2>
      <ul>
        <li>
          100% money-back guarantee with 60-day no-hassle returns: see the <Link to="/faq">FAQ</Link> or{' '}
          <Link to="/contact-us">contact us</Link>. Personalized and engraved charms cannot be returned.
        </li>
        <li>
          Looking for a particular maker? Browse <Link to="/rembrandt-charms">Rembrandt Charms</Link>, made in the USA and
          Canada with a lifetime warranty.
        </li>
        <li>
          Need something to hang them on? See our <Link to="/categories/sterling-silver/charm-bracelets">silver charm bracelets</Link>,{' '}
          <Link to="/categories/14k-gold/charm-bracelets">gold charm bracelets</Link> and{' '}
          <Link to="/girl-charm-bracelets">charm bracelets for girls</Link>.
        </li>
      </ul>
    </aside>
  );
}
