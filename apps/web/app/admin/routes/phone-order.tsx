import type { Route } from './+types/phone-order';

export const meta: Route.MetaFunction = () => [{ title: 'Phone order · Admin' }];
export { ErrorBoundary } from '../components/page-error';

export default function Placeholder() {
  return (
    <div className="admin-page">
      <h1>Phone order</h1>
      <p>Take an order by phone: the form comes here.</p>
    </div>
  );
}
