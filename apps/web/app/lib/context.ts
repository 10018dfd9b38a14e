import type { ApiClient } from './api-client';

/** What the storefront's public pages may know of the server's configuration (nothing secret). */
export interface StoreInfo {
  name: string;
  phone: string;
  photoArtEmail: string;
  publicBaseUrl: string;
  robots: 'index' | 'noindex';
  gtmId: string | undefined;
}

declare module 'react-router' {
  interface AppLoadContext {
    api: ApiClient;
    store: StoreInfo;
  }
}
