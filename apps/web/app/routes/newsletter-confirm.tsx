import { NEWSLETTER_CONFIRM_TOKEN } from '@charms/contracts/newsletter';
import { Form, Link, data, useNavigation } from 'react-router';
import { NewsletterSignup } from '../components/newsletter-signup';
import { apiErrorBody, apiErrorStatus } from '../lib/api-status';
import { pageSeo, seoMeta } from '../lib/seo';
import type { Route } from './+types/newsletter-confirm';
import '../styles/newsletter.css';

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => seoMeta(loaderData, matches);

/** A page opened from one person's email: not for search engines. */
export const headers: Route.HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex, nofollow' });

/**
 * The confirmation email's link opens this page, which only asks: the subscription is confirmed by the button's
 * POST, so a mail scanner that opens every link in an email cannot confirm an address on its owner's behalf.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return {
    seo: pageSeo({ title: 'Confirm your subscription', description: 'Confirm your newsletter subscription.', path: '/newsletter/confirm' }, context.store.name),
    token: NEWSLETTER_CONFIRM_TOKEN.test(token) ? token : null,
  };
}

type ConfirmAnswer = { confirmed: true } | { confirmed: false; message: string; signUpAgain: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  if (!NEWSLETTER_CONFIRM_TOKEN.test(token)) {
    return data<ConfirmAnswer>({ confirmed: false, message: INCOMPLETE, signUpAgain: true }, { status: 400 });
  }
  try {
    await context.api.confirmNewsletter(token);
    return data<ConfirmAnswer>({ confirmed: true });
  } catch (failure) {
    const status = apiErrorStatus(failure);
    const body = apiErrorBody(failure);
    if (status === 409) return data<ConfirmAnswer>({ confirmed: true });
    if (status !== undefined && status >= 400 && status < 500 && body) {
      return data<ConfirmAnswer>({ confirmed: false, message: body.message, signUpAgain: status === 404 || status === 410 }, { status });
    }
    throw failure;
  }
}

const INCOMPLETE = 'This confirmation link is incomplete. Please open the link from the email as it was sent, or sign up again below.';

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (actionData?.confirmed) {
    return (
      <div className="page page--narrow newsletter-card-page">
        <section className="newsletter-card" aria-labelledby="newsletter-heading">
          <p className="newsletter-card__eyebrow">Newsletter</p>
          <h1 id="newsletter-heading">You are subscribed</h1>
          <p role="status">Thank you for confirming. News of new charms and offers will come to your inbox now and then.</p>
          <p className="newsletter-card__small">Every email has a link to unsubscribe, whenever you like.</p>
          <Link className="button button--primary" to="/">
            Continue shopping
          </Link>
        </section>
      </div>
    );
  }
  const problem = actionData && !actionData.confirmed ? actionData : loaderData.token ? null : { message: INCOMPLETE, signUpAgain: true };
  return (
    <div className="page page--narrow newsletter-card-page">
      <section className="newsletter-card" aria-labelledby="newsletter-heading">
        <p className="newsletter-card__eyebrow">Newsletter</p>
        <h1 id="newsletter-heading">Confirm your subscription</h1>
        {problem ? (
          <>
            <p className="newsletter-card__problem" role="alert">
              {problem.message}
            </p>
            {problem.signUpAgain ? (
              <div className="newsletter-page">
                <NewsletterSignup />
              </div>
            ) : null}
          </>
        ) : (
          <>
            <p>One more step: press the button to receive news of new charms and offers now and then.</p>
            <Form method="post">
              <input type="hidden" name="token" value={loaderData.token ?? ''} />
              <button type="submit" className="button button--primary newsletter-card__button" disabled={busy}>
                Confirm my subscription
              </button>
            </Form>
            <p className="newsletter-card__small">Did not sign up? Then there is nothing to do: without a confirmation we send you nothing more.</p>
          </>
        )}
      </section>
    </div>
  );
}
