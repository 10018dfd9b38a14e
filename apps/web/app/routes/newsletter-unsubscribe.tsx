import { NEWSLETTER_UNSUBSCRIBE_TOKEN } from '@charms/contracts/newsletter';
import { Form, Link, data, useNavigation } from 'react-router';
import { apiErrorBody, apiErrorStatus } from '../lib/api-status';
import { pageSeo, seoMeta } from '../lib/seo';
import type { Route } from './+types/newsletter-unsubscribe';
import '../styles/newsletter.css';

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => seoMeta(loaderData, matches);

/** A page opened from one person's email: not for search engines. */
export const headers: Route.HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex, nofollow' });

/**
 * Every newsletter email's unsubscribe link opens this page. Opening it changes nothing (mail scanners open links);
 * its button POSTs. A mail program's one-click unsubscribe (RFC 8058: List-Unsubscribe-Post) POSTs
 * `List-Unsubscribe=One-Click` to the same address, with the token in the query: the action takes the token from
 * the form, else from the address, so both work.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return {
    seo: pageSeo({ title: 'Unsubscribe', description: 'Unsubscribe from our newsletter.', path: '/newsletter/unsubscribe' }, context.store.name),
    token: NEWSLETTER_UNSUBSCRIBE_TOKEN.test(token) ? token : null,
  };
}

type UnsubscribeAnswer = { unsubscribed: true } | { unsubscribed: false; message: string };

const INCOMPLETE = 'This unsubscribe link is incomplete. Please open the link from one of our emails as it was sent.';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? new URL(request.url).searchParams.get('token') ?? '');
  if (!NEWSLETTER_UNSUBSCRIBE_TOKEN.test(token)) return data<UnsubscribeAnswer>({ unsubscribed: false, message: INCOMPLETE }, { status: 400 });
  try {
    await context.api.unsubscribeNewsletter(token);
    return data<UnsubscribeAnswer>({ unsubscribed: true });
  } catch (failure) {
    const status = apiErrorStatus(failure);
    const body = apiErrorBody(failure);
    if (status !== undefined && status >= 400 && status < 500 && body) return data<UnsubscribeAnswer>({ unsubscribed: false, message: body.message }, { status });
    throw failure;
  }
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (actionData?.unsubscribed) {
    return (
      <div className="page page--narrow newsletter-card-page">
        <section className="newsletter-card" aria-labelledby="newsletter-heading">
          <p className="newsletter-card__eyebrow">Newsletter</p>
          <h1 id="newsletter-heading">You are unsubscribed</h1>
          <p role="status">We will not send you the newsletter any more.</p>
          <p className="newsletter-card__small">
            Changed your mind? Sign up again at any time in the footer. Emails about your orders still come as usual.
          </p>
          <Link className="button button--primary" to="/">
            Continue shopping
          </Link>
        </section>
      </div>
    );
  }
  const problem = actionData && !actionData.unsubscribed ? actionData.message : loaderData.token ? null : INCOMPLETE;
  return (
    <div className="page page--narrow newsletter-card-page">
      <section className="newsletter-card" aria-labelledby="newsletter-heading">
        <p className="newsletter-card__eyebrow">Newsletter</p>
        <h1 id="newsletter-heading">Unsubscribe from our newsletter?</h1>
        {problem ? (
          <p className="newsletter-card__problem" role="alert">
            {problem}
          </p>
        ) : (
          <>
            <p>You will no longer receive news of new charms and offers at this address.</p>
            <Form method="post">
              <input type="hidden" name="token" value={loaderData.token ?? ''} />
              <button type="submit" className="button button--primary newsletter-card__button" disabled={busy}>
                Unsubscribe
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
