import { NEWSLETTER_INVALID_MESSAGE, newsletterEmailError } from '@charms/domain/storefront-newsletter';
import { data } from 'react-router';
import { type NewsletterAnswer, NewsletterSignup } from '../components/newsletter-signup';
import { apiErrorBody, apiErrorStatus } from '../lib/api-status';
import { pageSeo, seoMeta } from '../lib/seo';
import type { Route } from './+types/newsletter';

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => seoMeta(loaderData, matches);

export function loader({ context }: Route.LoaderArgs) {
  return { seo: pageSeo({ title: 'Newsletter', description: 'Sign up for news of new charms and offers.', path: '/newsletter' }, context.store.name) };
}

const TRY_LATER = 'We could not sign you up just now. Please try again in a few minutes.';

/**
 * The newsletter signup, for the footer's form (through a fetcher) and for browsers without JavaScript: the same
 * rule as the form, then the API sends the confirmation email. The answer never carries the address, and no cookie
 * is set: a cookie would carry it to us with every request.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const email = String((await request.formData()).get('email') ?? '');
  const error = newsletterEmailError(email);
  if (error) return data<NewsletterAnswer>({ done: false, error, problem: null }, { status: 400 });
  try {
    await context.api.subscribeNewsletter(email);
    return data<NewsletterAnswer>({ done: true });
  } catch (failure) {
    const status = apiErrorStatus(failure);
    if (status === 400) return data<NewsletterAnswer>({ done: false, error: NEWSLETTER_INVALID_MESSAGE, problem: null }, { status: 400 });
    if (status === 429) return data<NewsletterAnswer>({ done: false, error: null, problem: apiErrorBody(failure)?.message ?? TRY_LATER }, { status: 429 });
    // The shop could not answer (its database is away, say): the footer says so instead of replacing the page.
    context.log.error({ err: failure instanceof Error ? failure.message : 'unknown' }, 'newsletter signup failed');
    return data<NewsletterAnswer>({ done: false, error: null, problem: TRY_LATER }, { status: 503 });
  }
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <div className="page page--narrow">
      <h1>Newsletter</h1>
      <div className="newsletter-page">
        <NewsletterSignup key={actionData ? 'answered' : 'new'} answer={actionData} />
      </div>
    </div>
  );
}
