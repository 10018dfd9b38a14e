import { useRouteLoaderData } from 'react-router';
import type { loader as adminLayoutLoader } from '../routes/layout';

/**
 * The hidden field every admin form that changes something carries: the session's CSRF token, which the action
 * sends as X-XSRF-TOKEN (the API refuses the change without it). The admin layout's loader reads it.
 */
export function CsrfField() {
  const layout = useRouteLoaderData<typeof adminLayoutLoader>('admin');
  return <input type="hidden" name="csrf" value={layout?.csrfToken ?? ''} />;
}
