/**
 * The staff side's pages: the sign-in page (/account) and everything under /admin. The root layout gives them no
 * storefront header, menu, footer or analytics: they bring their own shell (app/admin/), loaded only there.
 */
export function isStaffPage(pathname: string): boolean {
  return pathname === '/account' || pathname === '/admin' || pathname.startsWith('/admin/');
}
