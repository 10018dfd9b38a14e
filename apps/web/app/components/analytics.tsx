import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { dataLayerEntriesFor, dataLayersOf, pageViewEvent, pushToDataLayer } from '../lib/analytics';

/**
 * At the end of each navigation (including one to the same URL): a page_view with the page's address, then the
 * dataLayers of the API responses behind the page (a route's handle may build them: dataLayersOf in lib/analytics.ts).
 * window.dataLayer always exists; Google Tag Manager reads it only when GTM_ID is configured (GtmScript).
 */
export function AnalyticsPageViews() {
  const location = useLocation();
  const matches = useMatches();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one push per navigation, keyed by the location
  useEffect(() => {
    const events = matches.flatMap(dataLayersOf);
    pushToDataLayer(window, [pageViewEvent(window.location.href, document.title), ...dataLayerEntriesFor(events)]);
  }, [location.key]);
  return null;
}

/**
 * Google Tag Manager's loader, only when an id is configured: no third-party script loads otherwise. It runs with
 * the page's nonce and passes it on to gtm.js, which gives it to the tags it adds (Google's nonce-aware snippet).
 */
export function GtmScript({ gtmId, nonce }: { gtmId: string | undefined; nonce: string }) {
  if (!gtmId) return null;
  const id = JSON.stringify(gtmId);
  return (
    <script
      nonce={nonce}
      // The id is validated at boot (GTM-[A-Z0-9]+) and JSON-encoded here.
      dangerouslySetInnerHTML={{
        __html: `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});(function(){var c=document.currentScript;var s=document.createElement('script');s.async=true;s.nonce=c&&c.nonce||'';s.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(${id});document.head.appendChild(s);})();`,
      }}
    />
  );
}
