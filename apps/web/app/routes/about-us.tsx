import { Link } from 'react-router';
import { infoPageData } from '../lib/info-page';
import { seoMeta } from '../lib/seo';
import type { Route } from './+types/about-us';
import { sharedPage } from '../lib/shared-page';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = ({ data, matches }) => seoMeta(data, matches);

export function loader({ context }: Route.LoaderArgs) {
  return infoPageData(context, {
    title: 'About Us',
    description: 'An authorized factory-direct charm dealer since 1997: charms in five metals, made in the USA and Canada.',
    path: '/about-us',
  });
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const { store, terms } = loaderData;
  return (
    <div className="page page--narrow prose">
      <h1>About {store.name}</h1>
      <p>
        Since 1997 we have been an authorized, factory-direct dealer of charms and charm bracelets. Our charms are made in
        the USA and Canada by more than 125 artisans, in five metals: sterling silver, gold plate, 10k gold, 14k gold and
        14k white gold.
      </p>
      <h2>What we promise</h2>
      <ul>
        <li>{terms.shippingPromise}</li>
        <li>A lifetime warranty from the charm manufacturer.</li>
        <li>A 100% money-back guarantee with 60-day no-hassle returns (personalized and engraved charms excepted).</li>
        <li>
          {terms.engravingFreeOn ? `Free engraving on ${terms.engravingFreeOn} charms; on other metals free setup` : 'Engraving with free setup'} and{' '}
          {terms.engravingPerCharacter} a character.
        </li>
        <li>Same-day engraving and shipping for orders placed before {terms.cutoff}.</li>
        <li>A free mini catalog: ask for one when you order, or call us.</li>
      </ul>
      <h2>What we make</h2>
      <p>
        Charms in 44 categories, from <Link to="/products/category/Dog-Charms">dog charms</Link> and{' '}
        <Link to="/products/category/Number-Charms">numbers</Link> to <Link to="/photoart-charms">PhotoArt charms</Link>{' '}
        carrying your own photo, and the <Link to="/categories/sterling-silver/charm-bracelets">bracelets</Link> to wear
        them on.
      </p>
      <h2>Our pictures</h2>
      <p>
        Until our own photographs are ready, each charm is drawn from its name. The motifs are from{' '}
        <a href="https://game-icons.net">Game-icons.net</a> by Lorc, Delapouite and contributors, used under{' '}
        <a href="https://creativecommons.org/licenses/by/3.0/">CC BY 3.0</a> and recoloured as metal; the photos in
        PhotoArt pictures are <a href="https://github.com/microsoft/fluentui-emoji">Fluent Emoji</a> by Microsoft (MIT
        licence).
      </p>
    </div>
  );
}
