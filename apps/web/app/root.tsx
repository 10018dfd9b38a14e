import { useLayoutEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs, isRouteErrorResponse, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { AnalyticsPageViews, GtmScript } from './components/analytics';
import { NotFound } from './components/not-found';
import { usePlainLinkClicks } from './components/plain-links';
import { ScrollToTopButton } from './components/scroll-to-top';
import { ShopperSessionProvider } from './components/shopper-session';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { SiteMenu } from './components/site-menu';
import { replayEarlyInput } from './lib/early-input';
import { useNonce } from './lib/nonce';
import { ROBOTS_CONTENT, errorHeading } from './lib/seo';
import { sharedPage } from './lib/shared-page';
import { isStaffPage } from './lib/staff-pages';
import { DEFAULT_PREFS, readShopperPrefs } from './lib/shopper-prefs';
import { storeTerms } from './lib/store-terms';
import { pathOnThisSite } from './lib/site-path';
import './app.css';

/**
 * The shell's data is the same for every shopper with the same prefs, so a shared page's data request (a client
 * navigation, which may ask for the root's data) can be kept too: a page is shared only when every route it matches
 * says so (server/page-policy.ts), so staff pages, the bag and checkout are never kept.
 */
export const handle = sharedPage;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { name, phone, photoArtEmail, publicBaseUrl, robots, gtmId, socialLinks } = context.store;
  // The staff pages show no storefront menu, and send nothing to analytics. Nothing here is the shopper's but the
  // prefs cookie's choices (the bag's count comes after hydration from /order/summary): the page is the same for
  // every shopper with the same prefs.
  const staffPage = isStaffPage(new URL(request.url).pathname);
  const { menuItems } = staffPage ? { menuItems: [] } : await context.api.getMenu();
  return {
    store: {
      name,
      phone,
      photoArtEmail,
      publicBaseUrl,
      robots: staffPage ? ('noindex' as const) : robots,
      gtmId: staffPage ? undefined : gtmId,
      socialLinks,
      /** What ground shipping costs, in the words the bag's notes use (from the store settings). */
      shippingPromise: storeTerms(context.store).shippingPromise,
    },
    menuItems,
    prefs: readShopperPrefs(request),
    year: new Date().getFullYear(),
  };
}

/** The root data is the same on every page: reload it only when something can have changed it. */
export function shouldRevalidate({ formAction, formMethod, defaultShouldRevalidate, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  // The prefs form rewrites the cookie whose choices the root hands to the session provider.
  if (formAction === '/preferences') return true;
  // The storefront's other forms (add to bag, the bag's, checkout) change nothing held here: the header's count is
  // the bag summary's, which React Router reloads after every post by itself. A staff page's form may change the
  // store's settings.
  if (formMethod && formMethod.toUpperCase() !== 'GET') return isStaffPage(currentUrl.pathname) && defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  // Between the storefront and the staff pages the shell changes (the menu, or none).
  if (isStaffPage(currentUrl.pathname) !== isStaffPage(nextUrl.pathname)) return true;
  return false;
}

const INLINE_SCRIPT =
  "document.documentElement.classList.add('js');addEventListener('load',function(){document.documentElement.classList.add('engraving-faces')})";

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  // Inline scripts run only with this page's nonce (the Content-Security-Policy allows no other inline script).
  const nonce = useNonce();
  const staffPage = isStaffPage(useLocation().pathname);
  // The storefront's plain links navigate in the app (components/plain-links.tsx); every other click is left alone.
  const onPlainLinkClick = usePlainLinkClicks();
  // Once, as the page hydrates: what was typed into it before (lib/early-input.ts). A layout effect, so it runs in
  // the same task as hydration's commit, before any click the shopper makes next reaches the page's handlers; the
  // layout's runs after those of the page it holds, and the layout stays for the document's life.
  useLayoutEffect(() => {
    replayEarlyInput(document);
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Storefront pages write their robots tag with the rest of their SEO tags (lib/seo.ts); staff pages are never indexed. */}
        {staffPage && <meta name="robots" content={ROBOTS_CONTENT.noindex} />}
        <meta name="theme-color" content="#2b2622" />
        {/* Lets CSS tell a page without JavaScript (menus open on hover and focus) from one with it, and apply the
            engraving fonts only once the page has loaded, so their files never compete with what the first screen
            needs (styles/engraving-fonts.css). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: INLINE_SCRIPT }} />
        <Meta />
        <Links />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <GtmScript gtmId={data?.store.gtmId} nonce={nonce} />
      </head>
      <body onClick={onPlainLinkClick}>
        {staffPage ? (
          // The staff pages' own shell (app/admin/) has its skip link, header and main landmark.
          children
        ) : (
          <>
            <a href="#main" className="skip-link">
              Skip to content
            </a>
            {data ? (
              <>
                <SiteHeader storeName={data.store.name} phone={data.store.phone} />
                <SiteMenu items={data.menuItems} />
              </>
            ) : null}
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            {data ? <SiteFooter storeName={data.store.name} phone={data.store.phone} year={data.year} socialLinks={data.store.socialLinks} /> : null}
          </>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  if (isStaffPage(useLocation().pathname)) return <Outlet />;
  return (
    <ShopperSessionProvider initialPrefs={loaderData.prefs ?? DEFAULT_PREFS}>
      <AnalyticsPageViews />
      <Outlet />
      <ScrollToTopButton />
    </ShopperSessionProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A staff page that failed before its shell rendered still gets a main landmark (the layout gives it none).
  if (isStaffPage(useLocation().pathname)) {
    return (
      <main id="main" className="page">
        <StoreError error={error} />
      </main>
    );
  }
  return <StoreError error={error} />;
}

function StoreError({ error }: { error: unknown }) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <div className="page">
        <h1>{errorHeading(error)}</h1>
        <p>The shop is busy for a moment. Your bag is safe and nothing was changed: please reload this page in a few seconds.</p>
        <p>
          {/* The same address again (React writes no href="": such a link would be no link at all). */}
          <a href={pathOnThisSite(location.pathname + location.search)}>Try again</a>
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <h1>{errorHeading(error)}</h1>
      <p>Please try again in a moment, or call us.</p>
      <p>
        <a href="/">Back to the shop</a>
      </p>
    </div>
  );
}
