import { data } from 'react-router';

/** An address under /admin that no page claims: the admin's own not-found page, inside the shell (signed in only). */
export function loader() {
  throw data({ error: { code: 'NOT_FOUND', message: 'There is no such page in the admin.' } }, { status: 404 });
}

export { ErrorBoundary } from '../components/page-error';

export default function NotFound() {
  return null;
}
