import type { EngravingPricing } from '@charms/domain/engraving';
import type { ShippingPrices } from '@charms/domain/shipping';
import type { ApiClient, ApiTransport } from './api-client';
import type { StorefrontCookies } from './cookies.server';

/** What the storefront's public pages may know of the server's configuration (nothing secret). */
export interface StoreInfo {
  name: string;
  phone: string;
  photoArtEmail: string;
  /** Where shoppers write to the store. */
  contactEmail: string;
  publicBaseUrl: string;
  robots: 'index' | 'noindex';
  gtmId: string | undefined;
  /** The store's pages on social networks that are set (admin Settings), in the footer's order. */
  socialLinks: readonly { name: string; href: string }[];
  /** The same-day cutoff as shoppers read it ("12 noon") and its IANA time zone. */
  sameDayCutoff: string;
  timeZone: string;
  /** Prices that are store settings, for pages that show them before the API prices a bag. */
  shippingPrices: ShippingPrices;
  engraving: EngravingPricing;
  assemblyFeeCents: number;
}

/** The part of the server's logger loaders use (pino's API), so their lines join the request's log. */
export interface RequestLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

declare module 'react-router' {
  interface AppLoadContext {
    api: ApiClient;
    /** The same way to the API, for the staff pages' own client (app/admin/admin-api.server.ts). */
    apiTransport: ApiTransport;
    store: StoreInfo;
    log: RequestLog;
    /** The signed, server-only cookies (made once at start with the shop's cookie secret). */
    cookies: StorefrontCookies;
    /** This answer's script nonce, named in its Content-Security-Policy header (made by @charms/api/plugins/security-headers). */
    cspNonce: string;
    /**
     * Where entry.server leaves a page it rendered at once, by the Response it returns (one without a body): the
     * server sends these bytes as they are instead of reading them back out of a Response body, which costs more
     * than the copy itself (decision 0042). Absent (a test's context), the page is the Response's body.
     */
    renderedPages?: WeakMap<Response, Buffer>;
  }
}
