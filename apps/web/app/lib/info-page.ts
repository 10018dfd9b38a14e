import type { AppLoadContext } from 'react-router';
import { pageSeo } from './seo';

/** Loader data of the static information pages: their envelope and what they say about the store. */
export function infoPageData(context: AppLoadContext, page: { title: string; description: string; path: string }) {
  const { name, phone, photoArtEmail, contactEmail } = context.store;
  return { seo: pageSeo(page, name), store: { name, phone, photoArtEmail, contactEmail } };
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
