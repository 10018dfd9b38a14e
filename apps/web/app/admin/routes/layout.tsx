import { Form, Link, NavLink, Outlet, data, useLoaderData } from 'react-router';
import { adminApi } from '../admin-api.server';
import { AdminPageError } from '../components/page-error';
import '../admin.css';
import type { Route } from './+types/layout';

/**
 * Every page under /admin. Its loader asks the API who is signed in before anything renders: without a session the
 * browser goes to the sign-in page (admin-api.server.ts turns the 401 into that redirect), so nothing of the admin
 * is shown signed out. It also hands the pages the session's CSRF token for their forms (components/csrf-field.tsx).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const session = await admin.session();
  return data(
    {
      storeName: context.store.name,
      /** The store's time zone (its settings): every admin date and time is shown in it. */
      timeZone: context.store.timeZone,
      staff: { id: session.staff.id, name: session.staff.name, email: session.staff.email, role: session.staff.role },
      csrfToken: session.csrfToken,
    },
    { headers: admin.headers() },
  );
}

/** Staff pages are one person's: never stored by a browser or a shared cache. */
export function headers({ parentHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  merged.set('cache-control', 'no-store');
  return merged;
}

export const meta: Route.MetaFunction = () => [{ title: 'Admin' }];

const NAV = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/phone-order', label: 'Phone order', end: false },
  { to: '/admin/products', label: 'Products', end: false },
  { to: '/admin/categories', label: 'Categories', end: false },
  { to: '/admin/promotions', label: 'Promotions', end: false },
  { to: '/admin/content', label: 'Content', end: false },
  { to: '/admin/settings', label: 'Settings', end: false },
  { to: '/admin/activity', label: 'Activity', end: false },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell storeName={loaderData.storeName} staff={loaderData.staff}>
      <Outlet />
    </AdminShell>
  );
}

function AdminShell({ storeName, staff, children }: { storeName: string; staff: { name: string; role: string }; children: React.ReactNode }) {
  return (
    <div className="admin">
      <a href="#admin-main" className="admin-skip-link">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="admin-header__inner">
          <Link to="/admin" className="admin-header__brand">
            {storeName} <span className="admin-header__tag">Admin</span>
          </Link>
          <nav aria-label="Admin" className="admin-nav">
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} prefetch="intent">
                    {item.label}
                  </NavLink>
                </li>
              ))}
              {staff.role === 'owner' ? (
                <li>
                  <NavLink to="/admin/staff">Staff</NavLink>
                </li>
              ) : null}
            </ul>
          </nav>
          <div className="admin-header__who">
            <span>
              Signed in as <strong>{staff.name}</strong>
              {staff.role === 'owner' ? ' (owner)' : ''}
            </span>
            {/* The storefront as shoppers see it, in its own tab so the admin page stays where it was. */}
            <a href="/" target="_blank" rel="noopener" className="admin-header__shop">
              View shop<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <SignOutForm />
          </div>
        </div>
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function SignOutForm() {
  const layout = useLoaderData<typeof loader>();
  return (
    <Form method="post" action="/admin/sign-out" className="admin-sign-out">
      <input type="hidden" name="csrf" value={layout.csrfToken} />
      <button type="submit" className="admin-button admin-button--quiet">
        Sign out
      </button>
    </Form>
  );
}

/** The layout's own loader failed (the API cannot answer): said without the shell, which needs the session. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="admin">
      <a href="#admin-main" className="admin-skip-link">
        Skip to content
      </a>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <AdminPageError error={error} />
      </main>
    </div>
  );
}
