import type { Route } from './+types/content';

export const meta: Route.MetaFunction = () => [{ title: 'Content pages · Admin' }];
export { ErrorBoundary } from '../components/page-error';

export default function Placeholder() {
  return (
    <div className="admin-page">
      <h1>Content pages</h1>
      <p>The storefront's content pages: the list comes here.</p>
    </div>
  );
}
