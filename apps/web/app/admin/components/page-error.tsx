import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * An admin page that could not be shown (an order that does not exist, an owners-only page, the shop busy), in
 * the API's words, inside the shell. Each admin page exports it as its ErrorBoundary so the header and nav stay.
 */
export function AdminPageError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const apiMessage = isRouteErrorResponse(error) ? (error.data as { error?: { message?: unknown } } | null)?.error?.message : undefined;
  const title = status === 404 ? 'Not found' : status === 403 ? 'Not allowed' : status === 503 ? 'The shop is busy for a moment' : 'Something went wrong';
  const fallback = status === 404 ? 'There is no such page in the admin.' : 'Please reload the page in a moment.';
  return (
    <div className="admin-page">
      <h1>{title}</h1>
      <p>{typeof apiMessage === 'string' ? apiMessage : fallback}</p>
      <p>
        <Link to="/admin">Back to the dashboard</Link>
      </p>
    </div>
  );
}

/**
 * For `export { ErrorBoundary } from '../components/page-error'` in a page: it reads the error itself (a re-exported
 * boundary is not handed its props by the route module's wrapper).
 */
export function ErrorBoundary() {
  return <AdminPageError error={useRouteError()} />;
}
