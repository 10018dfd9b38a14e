import type { ServerBuild } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '../app/routes';
import { sharedPagePolicy } from './page-policy';

interface RouteEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** The storefront's real route table and route modules (their `handle`), as React Router's build lists them. */
async function storefrontManifest(): Promise<ServerBuild['routes']> {
  const manifest: Record<string, unknown> = {};
  const modules = import.meta.glob('../app/{root.tsx,routes/*.{ts,tsx},admin/routes/*.tsx}');
  const add = async (entry: RouteEntry, parentId: string) => {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
    const load = modules[`../app/${entry.file}`];
    if (!load) throw new Error(`no module for ${entry.file}`);
    manifest[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: undefined, module: await load() };
    for (const child of entry.children ?? []) await add(child, id);
  };
  manifest.root = { id: 'root', path: '', module: await modules['../app/root.tsx']!() };
  for (const entry of routes as RouteEntry[]) await add(entry, 'root');
  return manifest as ServerBuild['routes'];
}

describe('which requests get a shared page', () => {
  let policy: ReturnType<typeof sharedPagePolicy>;
  beforeAll(async () => {
    policy = sharedPagePolicy({ routes: await storefrontManifest(), routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' } } as ServerBuild);
  }, 60_000);

  it('catalog, content and landing pages, and their data', () => {
    for (const path of [
      '/',
      '/categories',
      '/categories/Dog-Charms',
      '/products/category/sterling-silver/Dog-Charms?page=2',
      '/products/search/heart',
      '/products',
      '/products/14k-gold',
      '/products/heart-charms/sterling-silver/heart-key-charm/1838',
      '/products/rembrandt-bracelets/sterling-silver/7-inch/bangle-charm-bracelet/3007',
      '/about-us',
      '/faq',
      '/contact-us',
      '/privacy-policy',
      '/rembrandt-charms',
      '/engraving-guide',
      '/products/category/Dog-Charms.data?_routes=catalog%2Fproducts-category',
      '/_root.data?_routes=routes%2Fhome',
      // With the root's data (after a form post, or a revalidation): the root shares too.
      '/products/category/Dog-Charms.data',
      '/products/category/Dog-Charms.data?_routes=root%2Ccatalog%2Fproducts-category',
      '/_root.data',
    ]) {
      expect(policy.isShared(path), path).toBe(true);
    }
  });

  it('never the bag, checkout, orders, newsletter, preferences, the staff side or resource routes, nor their data', () => {
    for (const path of [
      '/order',
      '/order/process',
      '/order/confirmation/CB-1001',
      '/order/photo/5b1c9d0e-0000-4000-8000-000000000000',
      '/newsletter',
      '/newsletter/confirm',
      '/newsletter/unsubscribe',
      '/preferences',
      '/account',
      '/admin',
      '/admin/products',
      '/admin/anything-else',
      '/robots.txt',
      '/sitemap.xml',
      '/art/banner/one.svg',
      '/Gold_Plate-Charm_Bracelets',
      '/__manifest?p=%2Ffaq&version=1',
      '/order.data',
      '/order/process.data?_routes=root',
      '/admin/products.data?_routes=root',
    ]) {
      expect(policy.isShared(path), path).toBe(false);
    }
  });

  it('answers the same when an address is asked again, however many and however long the addresses asked between', () => {
    const page = '/products/category/Dog-Charms.data?_routes=catalog%2Fproducts-category';
    expect([policy.isShared(page), policy.isShared('/order'), policy.isShared(page), policy.isShared('/order')]).toEqual([true, false, true, false]);
    // More made-up addresses than the policy keeps matches for, some longer than it keeps: the answers stay the same.
    for (let i = 0; i < 6_000; i++) policy.isShared(i % 2 ? `/products/category/made-up-${i}` : `/${'x'.repeat(600)}/${i}`);
    expect([policy.isShared(page), policy.isShared('/order'), policy.isShared(`/${'x'.repeat(600)}`)]).toEqual([true, false, true]);
  });

  it('keys a request by protocol, prefs and address, and only GET and HEAD without a one-time cookie', () => {
    const request = (method: string, cookie?: string) => ({ method, url: '/faq?x=1', protocol: 'https', headers: { cookie } });
    expect(policy.candidate(request('GET'))?.key).toBe('GET https 40.7.Name /faq?x=1');
    expect(policy.candidate(request('HEAD', 'user-session-id=abc; _ga=1'))?.key).toBe('GET https 40.7.Name /faq?x=1');
    const gold = policy.candidate(request('GET', 'shopper-prefs=metalId%3D10'));
    expect(gold).toMatchObject({ key: 'GET https 10.7.Name /faq?x=1', defaultPrefs: false, cookie: 'shopper-prefs=metalId%3D10%26braceletSize%3D7%26productsOrderBy%3DName' });
    expect(policy.candidate(request('GET', 'shopper-prefs=metalId%3D40%26braceletSize%3D7'))).toMatchObject({ defaultPrefs: true, cookie: null });
    expect(policy.candidate(request('POST'))).toBeNull();
    expect(policy.candidate(request('GET', 'bag-notice=abc'))).toBeNull();
    expect(policy.candidate(request('GET', 'a=1; newsletter-email=x'))).toBeNull();
  });
});
