/**
 * `to` if it is a path on this site, else `/`: never `//host`, `/\host` or an absolute URL. For addresses a link or a
 * redirect takes from the request (the preferences form's `redirectTo`; the page's own address on the 503 pages'
 * "Try again", where a request for `//evil.example/x` has that as its pathname).
 */
export function pathOnThisSite(to: string | undefined): string {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : '/';
}
