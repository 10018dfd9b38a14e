import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The links of the shell every storefront page repeats (the main menu's 62 and the footer's 9), as plain anchors
 * whose clicks one handler on their container turns into the app's navigations.
 *
 * Why: React Router's `<Link>` runs a dozen hooks per link (the path resolved against the matched routes, its own
 * click handler, prefetch state): 130 of them render in 0.44-0.47 ms on the server here, 130 anchors in 0.06 ms, so
 * the shell's 71 cost about 0.2 ms of the 3 ms an uncached page may take, for links that never change with the page
 * (decision 0037). The anchors carry
 * what `<Link>` writes (`href` and `data-discover`, which React Router's route discovery looks for), so the browser
 * and React Router see the same markup; a click is handled as `<Link>` handles it (`useLinkClickHandler`): only a
 * plain left click on a link of this site that opens in this tab, and the same address again replaces the entry.
 */
export function ShellLink({ to, ...anchor }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  return <a {...anchor} href={to} data-discover={to.startsWith('/') && !to.startsWith('//') ? 'true' : undefined} />;
}

/** The click handler for a container of `ShellLink`s (menu, footer): navigates in the app instead of loading a page. */
export function useShellLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest?.('a[data-discover]');
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return;
    event.preventDefault();
    const to = `${anchor.pathname}${anchor.search}${anchor.hash}`;
    navigate(to, { replace: to === `${location.pathname}${location.search}${location.hash}` });
  };
}
