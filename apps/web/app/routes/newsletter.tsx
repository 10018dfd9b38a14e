import { newsletterEmailError } from '@charms/domain/storefront-newsletter';
import { data } from 'react-router';
import { NewsletterSignup } from '../components/newsletter-signup';
import { pageSeo, seoMeta } from '../lib/seo';
import type { Route } from './+types/newsletter';

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => seoMeta(loaderData, matches);

export function loader({ context }: Route.LoaderArgs) {
  return { seo: pageSeo({ title: 'Newsletter', description: 'Sign up for news of new charms and offers.', path: '/newsletter' }, context.store.name) };
}

/**
 * The newsletter signup without JavaScript: the same rule as the footer form. Nothing is sent anywhere; a valid
 * address is kept in the shopper's own browser (a cookie), as the footer keeps it in local storage.
 */
export async function action({ request }: Route.ActionArgs) {
  const email = String((await request.formData()).get('email') ?? '');
  const error = newsletterEmailError(email);
  if (error) return data({ error }, { status: 400 });
  return data(
    { error: null },
    { headers: { 'set-cookie': `newsletter-email=${encodeURIComponent(email.trim())}; Path=/; Max-Age=31536000; SameSite=Lax` } },
  );
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <div className="page page--narrow">
      <h1>Newsletter</h1>
      <div className="newsletter-page">
        <NewsletterSignup key={actionData ? 'answered' : 'new'} initialError={actionData?.error ?? null} initialDone={actionData ? !actionData.error : false} />
      </div>
    </div>
  );
}
