import type { Route } from './+types/staff';

export const meta: Route.MetaFunction = () => [{ title: 'Staff accounts · Admin' }];
export { ErrorBoundary } from '../components/page-error';

export default function Placeholder() {
  return (
    <div className="admin-page">
      <h1>Staff accounts</h1>
      <p>Staff accounts come here.</p>
    </div>
  );
}
