import { infoPageData, telHref } from '../lib/info-page';
import { seoMeta } from '../lib/seo';
import type { Route } from './+types/privacy-policy';
import { sharedPage } from '../lib/shared-page';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = ({ data, matches }) => seoMeta(data, matches);

export function loader({ context }: Route.LoaderArgs) {
  return infoPageData(context, {
    title: 'Privacy Policy',
    description: 'What we keep about you, why, and for how long.',
    path: '/privacy-policy',
  });
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { store } = loaderData;
  return (
    <div className="page page--narrow prose">
      <h1>Privacy policy</h1>
      <p>We keep as little about you as we can, and only to run the shop.</p>
      <h2>While you browse</h2>
      <p>
        Your browser keeps a random session number and your choices (metal, bracelet size, sort order) so pages show the
        right prices. A small cookie repeats those choices for our server; it holds no name or address. There is no
        account to create.
      </p>
      <h2>When you order</h2>
      <p>
        We keep your name, addresses, phone and email to ship the order and answer questions about it. Card payments go
        straight to our card payment provider; we never see or store your card number.
      </p>
      <h2>Newsletter</h2>
      <p>
        We keep the address you give for the newsletter to send it to you, and only once you have confirmed it from the
        email we send. Every newsletter has a link to unsubscribe; after that we send you no more newsletters. We never
        put the address in a cookie or share it.
      </p>
      <h2>Analytics</h2>
      <p>
        We count page views to learn which pages help shoppers. No tracking script loads unless we have configured one,
        and we never sell information about you.
      </p>
      <h2>Questions</h2>
      <p>
        Call <a href={telHref(store.phone)}>{store.phone}</a>, Monday to Friday.
      </p>
    </div>
  );
}
