import type { AppLoadContext } from 'react-router';
import { pageSeo } from './seo';
import { storeTerms } from './store-terms';

/** Loader data of the static information pages: their envelope and what they say about the store (its settings). */
export function infoPageData(context: AppLoadContext, page: { title: string; description: string; path: string }) {
  const { name, phone, photoArtEmail, contactEmail } = context.store;
  return { seo: pageSeo(page, name), store: { name, phone, photoArtEmail, contactEmail }, terms: storeTerms(context.store) };
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
