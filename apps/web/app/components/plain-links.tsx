import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The storefront's long lists of links, the same for every shopper (the main menu's 62, the footer's 9, a listing's
 * product cards, home's categories and pictures), as plain anchors whose clicks one handler on the page's body turns
 * into the app's navigations.
 *
 * Why: React Router's `<Link>` runs a dozen hooks per link (the path resolved against the matched routes, its own
 * click handler, prefetch state): 130 of them render in 0.44-0.47 ms on the server here, 130 anchors in 0.06 ms, of
 * the 3 ms an uncached page may take (decision 0037). The anchors carry their `href` and a mark, `data-plain-link`,
 * which the handler looks for. (Not `<Link>`'s `data-discover`: a `<Link reloadDocument>` writes it and lets its
 * click through untouched, and the mark is for React Router's lazy route discovery, off since decision 0039; should
 * it come back, these links would need it again to have their routes fetched ahead.) A click is handled as
 * `<Link>` handles it (`usePlainLinkClicks` below): only a plain left click on a link of this site that opens in
 * this tab, and the same address again replaces the entry. A link that needs more of `<Link>` (keeping the scroll
 * position, replacing, state) stays a `<Link>`.
 */
export function PlainLink({ to, ...anchor }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  return <a {...anchor} href={to} data-plain-link={to.startsWith('/') && !to.startsWith('//') ? '' : undefined} />;
}

/**
 * The click handler for what holds `PlainLink`s (the root layout puts it on the body): navigates in the app instead
 * of loading a page. A `<Link>`'s click never reaches it as a navigation: `<Link>` handles it first and marks it
 * handled (`defaultPrevented`).
 */
export function usePlainLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest?.('a[data-plain-link]');
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return;
    event.preventDefault();
    const to = `${anchor.pathname}${anchor.search}${anchor.hash}`;
    navigate(to, { replace: to === `${location.pathname}${location.search}${location.hash}` });
  };
}
