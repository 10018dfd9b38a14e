import { Form, data, redirect, useNavigation } from 'react-router';
import { adminApi } from '../admin-api.server';
import { Field } from '../components/field';
import { FormMessage } from '../components/form-message';
import { failed, refused, textOf } from '../form-result.server';
import { safeNextPath } from '../sign-in-path';
import '../admin.css';
import type { Route } from './+types/sign-in';

export const meta: Route.MetaFunction = () => [{ title: 'Staff sign-in' }];

/** Staff already signed in go straight on; anyone else sees the form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get('next'));
  const session = await admin.findSession();
  if (session) throw redirect(next, { headers: admin.headers() });
  return data({ storeName: context.store.name, next, signedOut: url.searchParams.get('signedOut') === '1' }, { headers: admin.headers() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  // Signing a browser in from another site's form would put its owner in someone else's session: refused. Browsers
  // send Sec-Fetch-Site with every form post.
  if (request.headers.get('sec-fetch-site') === 'cross-site') return refused(admin, 'sign-in', 'Please sign in from this page.');
  const form = await request.formData();
  const email = textOf(form, 'email').trim();
  const password = textOf(form, 'password');
  const fields: Record<string, string> = {};
  if (!email) fields.email = 'Enter your email address.';
  if (!password) fields.password = 'Enter your password.';
  if (Object.keys(fields).length > 0) return refused(admin, 'sign-in', 'Enter your email address and password.', fields);
  try {
    await admin.signIn({ email, password });
  } catch (error) {
    return failed(admin, 'sign-in', error);
  }
  return redirect(safeNextPath(textOf(form, 'next')), { headers: admin.headers() });
}

export function headers() {
  return { 'cache-control': 'no-store' };
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="admin admin--sign-in">
      <main id="admin-main" className="admin-sign-in" tabIndex={-1}>
        <p className="admin-sign-in__store">{loaderData.storeName}</p>
        <h1>Staff sign-in</h1>
        {loaderData.signedOut && !actionData ? (
          <p className="admin-message admin-message--ok" role="status">
            You are signed out.
          </p>
        ) : null}
        <FormMessage result={actionData} />
        <Form method="post" className="admin-form" noValidate>
          <input type="hidden" name="next" value={loaderData.next} />
          <Field label="Email" name="email" type="email" autoComplete="username" required error={actionData?.fields?.email} />
          <Field label="Password" name="password" type="password" autoComplete="current-password" required error={actionData?.fields?.password} />
          <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </Form>
        <p className="admin-sign-in__help">
          Forgotten your password? Ask the shop's owner to set a new one. <a href="/">Back to the shop</a>
        </p>
      </main>
    </div>
  );
}
