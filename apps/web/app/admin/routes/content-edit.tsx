import type { Route } from './+types/content-edit';

export const meta: Route.MetaFunction = () => [{ title: 'Edit a content page · Admin' }];
export { ErrorBoundary } from '../components/page-error';

export default function Placeholder() {
  return (
    <div className="admin-page">
      <h1>Edit a content page</h1>
      <p>The content editor comes here.</p>
    </div>
  );
}
