import { artUrl } from '@charms/art/art-url';
import { Link } from 'react-router';
import { BannerCarousel } from '../components/banner-carousel';
import { PlainLink } from '../components/plain-links';
import { BANNER_DELAY_MS, BANNER_FADE_MS, HOME_BANNERS, HOME_BANNER_ROW, HOME_PROMOS, type HomePicture } from '../content/home';
import { pageSeo, seoMeta } from '../lib/seo';
import { storeTerms } from '../lib/store-terms';
import type { Route } from './+types/home';
import { sharedPage } from '../lib/shared-page';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = ({ data, matches }) => seoMeta(data, matches);

const picture = (kind: 'banner' | 'promo', item: HomePicture) => ({
  id: item.id,
  href: item.href,
  heading: item.heading,
  text: item.text,
  imageUrl: artUrl(`${kind}/${item.id}.svg`),
});

export async function loader({ context }: Route.LoaderArgs) {
  const { categories } = await context.api.getCategories();
  const terms = storeTerms(context.store);
  return {
    categories,
    seo: pageSeo(
      {
        title: 'Charms and Charm Bracelets in Sterling Silver and Gold',
        description:
          `Charms and charm bracelets in sterling silver, gold plate, 10k, 14k and 14k white gold. ${terms.freeGround ? 'Free shipping with no minimum, lifetime' : 'Lifetime'} warranty, 60-day returns.`,
        keywords: 'charms, charm bracelets, Rembrandt charms, sterling silver charms, gold charms',
        path: '/',
      },
      context.store.name,
    ),
    storeName: context.store.name,
    terms,
    banners: HOME_BANNERS.map((item) => picture('banner', item)),
    promos: HOME_PROMOS.map((item) => picture('promo', item)),
    bannerRow: HOME_BANNER_ROW.map((item) => picture('promo', item)),
  };
}

function PromoGrid({ items, label, className }: { items: ReturnType<typeof picture>[]; label: string; className: string }) {
  return (
    <ul className={className} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <PlainLink to={item.href} className="promo">
            <img src={item.imageUrl} alt="" width={600} height={400} loading="lazy" decoding="async" className="promo__image" />
            <span className="promo__heading">{item.heading}</span>
            <span className="promo__text">{item.text}</span>
          </PlainLink>
        </li>
      ))}
    </ul>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { storeName, terms, banners, promos, bannerRow, categories } = loaderData;
  return (
    <div className="page page--home">
      <h1 className="home__title">
        Charms and charm bracelets <span className="home__title-sub">in five metals, factory-direct since 1997</span>
      </h1>
      <BannerCarousel slides={banners} delayMs={BANNER_DELAY_MS} fadeMs={BANNER_FADE_MS} />
      <section aria-labelledby="promos-heading" className="home__section">
        <h2 id="promos-heading">Shop by collection</h2>
        <PromoGrid items={promos} label="Collections" className="promo-grid" />
      </section>
      <section aria-labelledby="seasonal-heading" className="home__section">
        <h2 id="seasonal-heading">Gifts for every occasion</h2>
        <PromoGrid items={bannerRow} label="Occasions" className="promo-row" />
      </section>
      <section aria-labelledby="categories-heading" className="home__section">
        <h2 id="categories-heading">All {categories.length} charm categories</h2>
        <ul className="category-list">
          {categories.map((category) => (
            <li key={category.urlFriendlyName}>
              <PlainLink to={`/categories/${category.urlFriendlyName}`}>{category.categoryName}</PlainLink>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="about-heading" className="home__section home__marketing">
        <h2 id="about-heading">Why shop with {storeName}</h2>
        <div className="marketing">
          <div>
            <h3>Authorized dealer since 1997</h3>
            <p>
              We are an authorized, factory-direct dealer of charms made in the USA and Canada by more than 125 artisans,
              in sterling silver, gold plate, 10k gold, 14k gold and 14k white gold.
            </p>
          </div>
          <div>
            <h3>{terms.freeGround ? 'Free shipping, no minimum' : 'Same-day shipping'}</h3>
            <p>
              {terms.freeGround ? 'Ground shipping is free on every order. ' : ''}Order before {terms.cutoff} and your charms, engraving
              included, ship the same day.
            </p>
          </div>
          <div>
            <h3>Engraving from {terms.engravingPerCharacter} a character</h3>
            <p>
              Names, dates and places with free setup{terms.engravingFreeOn ? `, and free on ${terms.engravingFreeOn} charms` : ''}. See the{' '}
              <Link to="/engraving-guide">engraving guide</Link>.
            </p>
          </div>
          <div>
            <h3>Lifetime warranty, 60-day returns</h3>
            <p>
              Every charm carries a lifetime warranty, and our 100% money-back guarantee gives you 60 days to return it,
              no hassle. Ask for our free mini catalog.
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}
