import { Link } from 'react-router';
import { infoPageData, telHref } from '../lib/info-page';
import { seoMeta } from '../lib/seo';
import type { Route } from './+types/contact-us';
import { sharedPage } from '../lib/shared-page';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = ({ data, matches }) => seoMeta(data, matches);

export function loader({ context }: Route.LoaderArgs) {
  return infoPageData(context, {
    title: 'Contact Us',
    description: 'Call us Monday to Friday to order by phone, or email your PhotoArt photo. Returns, warranty and shipping help.',
    path: '/contact-us',
  });
}

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const { store } = loaderData;
  return (
    <div className="page page--narrow prose">
      <h1>Contact us</h1>
      <p>We are happy to help you choose a charm, place an order or sort out a return.</p>
      <h2>By phone</h2>
      <p>
        Call <a href={telHref(store.phone)}>{store.phone}</a>, Monday to Friday. We take phone orders too.
      </p>
      <h2>By email</h2>
      <p>
        Write to <a href={`mailto:${store.contactEmail}`}>{store.contactEmail}</a>: we answer within one business day.
      </p>
      <h2>PhotoArt photos</h2>
      <p>
        After ordering a PhotoArt charm online, email your photo to <a href={`mailto:${store.photoArtEmail}`}>{store.photoArtEmail}</a>{' '}
        with your order number. See the <Link to="/photoart-instructions">PhotoArt instructions</Link>.
      </p>
      <h2>Returns and our guarantee</h2>
      <p>
        Every order has a 100% money-back guarantee: return it within 60 days, no hassle. Personalized and engraved charms
        cannot be returned. Read the <Link to="/returns">returns policy</Link> and the{' '}
        <Link to="/warranty">lifetime warranty</Link>.
      </p>
      <h2>Shipping</h2>
      <p>
        Ground shipping is free on every order, with no minimum. Faster options and shipping to Canada are explained on
        the <Link to="/shipping">shipping page</Link>.
      </p>
    </div>
  );
}
