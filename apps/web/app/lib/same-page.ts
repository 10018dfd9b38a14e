/**
 * The address of the page being shown, as a link that loads it again ("Try again" on the 503 pages). Always a path
 * of this site: a request for `//evil.example/x` has that as its pathname, and written as it is into an href it
 * would be a link to another site. (A location's pathname has no backslashes: URL parsing turns them into slashes.)
 */
export function thisPageAgain({ pathname, search }: { pathname: string; search: string }): string {
  return pathname.replace(/^\/+/, '/') + search;
}
