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
 * The newsletter signup without JavaScript: the same rule as the footer form, the same notice. Nothing is sent
 * anywhere, and the address is not put in a cookie either: a cookie would carry it to us with every request.
 */
export async function action({ request }: Route.ActionArgs) {
  const email = String((await request.formData()).get('email') ?? '');
  const error = newsletterEmailError(email);
  if (error) return data({ error }, { status: 400 });
  return { error: null };
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
