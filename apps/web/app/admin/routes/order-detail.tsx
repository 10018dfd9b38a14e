import type { Route } from './+types/order-detail';

export const meta: Route.MetaFunction = () => [{ title: 'Order · Admin' }];
export { ErrorBoundary } from '../components/page-error';

export default function Placeholder() {
  return (
    <div className="admin-page">
      <h1>Order</h1>
      <p>The order comes here.</p>
    </div>
  );
}
