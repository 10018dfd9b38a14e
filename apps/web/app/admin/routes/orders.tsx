import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = () => [{ title: 'Orders · Admin' }];
export { ErrorBoundary } from '../components/page-error';

export default function Placeholder() {
  return (
    <div className="admin-page">
      <h1>Orders</h1>
      <p>The orders list comes here.</p>
    </div>
  );
}
