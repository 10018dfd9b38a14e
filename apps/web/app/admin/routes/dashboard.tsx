import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Admin' }];
export { ErrorBoundary } from '../components/page-error';

export default function Placeholder() {
  return (
    <div className="admin-page">
      <h1>Dashboard</h1>
      <p>The day's orders come here.</p>
    </div>
  );
}
