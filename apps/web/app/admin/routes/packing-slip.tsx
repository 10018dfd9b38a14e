import type { Route } from './+types/packing-slip';

export const meta: Route.MetaFunction = () => [{ title: 'Packing slip · Admin' }];
export { ErrorBoundary } from '../components/page-error';

export default function Placeholder() {
  return (
    <div className="admin-page">
      <h1>Packing slip</h1>
      <p>The packing slip comes here.</p>
    </div>
  );
}
