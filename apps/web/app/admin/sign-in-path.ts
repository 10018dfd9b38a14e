/**
 * Where the sign-in page sends staff afterwards: only a page of the admin (an address elsewhere, or another site's,
 * is never followed), written as an address is sent (printable ASCII, its escapes well formed: anything else cannot
 * be a Location header, and the admin's own links are written so), else the dashboard.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || next.includes('//') || next.includes('\\') || !/^[\x21-\x7e]*$/.test(next) || !decodes(next)) return '/admin';
  return next;
}

function decodes(address: string): boolean {
  try {
    decodeURI(address);
    return true;
  } catch {
    return false;
  }
}

/** The sign-in page, returning to `url` (an admin page) once signed in. */
export function signInPath(url: URL): string {
  // A data request (/admin/orders.data?_routes=...) returns to its page.
  const params = new URLSearchParams(url.searchParams);
  params.delete('_routes');
  params.delete('index');
  const query = params.toString();
  const next = safeNextPath(`${url.pathname.replace(/\.data$/, '')}${query ? `?${query}` : ''}`);
  return next === '/admin' ? '/account' : `/account?${new URLSearchParams({ next })}`;
}
