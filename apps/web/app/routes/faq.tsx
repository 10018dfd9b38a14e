import { Link } from 'react-router';
import { infoPageData, telHref } from '../lib/info-page';
import { seoMeta } from '../lib/seo';
import type { Route } from './+types/faq';
import { sharedPage } from '../lib/shared-page';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = ({ data, matches }) => seoMeta(data, matches);

export function loader({ context }: Route.LoaderArgs) {
  return infoPageData(context, {
    title: 'Frequently Asked Questions',
    description: 'Shipping, returns, engraving, warranty, PhotoArt and phone orders: answers to the questions shoppers ask most.',
    path: '/faq',
  });
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { store, terms } = loaderData;
  return (
    <div className="page page--narrow prose">
      <h1>Frequently asked questions</h1>

      <h2>How much is shipping?</h2>
      <p>
        Ground shipping (7 to 10 days) {terms.freeGround ? 'is free on every order, with no minimum' : `costs ${terms.shipping.ground}`}. 2-3 day
        delivery costs {terms.shipping.twoDay}, next business day {terms.shipping.nextDay} and Saturday delivery {terms.shipping.saturday}.
        Details on the <Link to="/shipping">shipping page</Link>.
      </p>

      <h2>Do you ship to Canada?</h2>
      <p>Yes. At checkout choose the state Alaska and give your Canadian address in the order comments.</p>

      <h2>Can I return a charm?</h2>
      <p>
        Yes: our 100% money-back guarantee gives you 60 days for a no-hassle return. We credit you within 5 business days of
        receiving it; shipping costs are not refunded. Personalized and engraved charms cannot be returned. See the{' '}
        <Link to="/returns">returns policy</Link>.
      </p>

      <h2>What does engraving cost?</h2>
      <p>
        Setup is free and each character costs {terms.engravingPerCharacter}.{' '}
        {terms.engravingFreeOn ? `On ${terms.engravingFreeOn} charms engraving is free: we refund the whole cost. ` : ''}Fonts: block, double block, monogram block, script and monogram script. Read the{' '}
        <Link to="/engraving-guide">engraving guide</Link>.
      </p>

      <h2>How fast will my order ship?</h2>
      <p>
        Orders placed before {terms.cutoff} are engraved and shipped the same business day. Bracelet assembly
        ({terms.assemblyFee}) adds 1 to 3 days; customizable charms such as calendar charms take 7 to 10 days.
      </p>

      <h2>Is there a warranty?</h2>
      <p>
        Every charm carries the manufacturer's lifetime warranty. For a warranty return send at least 50% of the original
        item and $5.95 for shipping and handling. See the <Link to="/warranty">warranty page</Link>.
      </p>

      <h2>How do PhotoArt charms work?</h2>
      <p>
        Upload your photo on the charm's page or in your bag (JPEG, PNG or WebP up to 20 MB; save an iPhone's HEIC photo as JPEG first),
        or order the PhotoArt charm online, then email your photo to <a href={`mailto:${store.photoArtEmail}`}>{store.photoArtEmail}</a>.
        Step by step: <Link to="/photoart-instructions">PhotoArt instructions</Link>.
      </p>

      <h2>What are the metals?</h2>
      <p>
        Sterling silver is 92.5% silver; 14k gold is 58.5% gold and 10k gold 41.7%. We also offer 14k white gold and gold
        plate over sterling silver. Charms are made in the USA and Canada.
      </p>

      <h2>Can I order by phone?</h2>
      <p>
        Yes, Monday to Friday at <a href={telHref(store.phone)}>{store.phone}</a>. Ask for our free mini catalog too.
      </p>
    </div>
  );
}
