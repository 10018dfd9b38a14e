import { data, redirect } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { adminApi } from '../admin-api.server';
import { csrfOf } from '../form-result.server';
import type { Route } from './+types/sign-out';

/** Ends the session on the server (the API clears its cookies), then the sign-in page says so. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  try {
    await admin.signOut(csrfOf(await request.formData()));
  } catch (error) {
    // A post without a valid token leaves the session open: the page says why (the API's words).
    if (error instanceof ApiError) throw data(error.body, { status: error.status, headers: admin.headers() });
    throw error;
  }
  return redirect('/account?signedOut=1', { headers: admin.headers() });
}

/** Signing out is a form post; a visit here goes back to the admin. */
export function loader() {
  return redirect('/admin');
}

/** A refused sign-out is said inside the admin's shell. */
export { ErrorBoundary } from '../components/page-error';

export default function SignOut() {
  return null;
}
