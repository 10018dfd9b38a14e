import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

/** The built browser files, as `npm run build` leaves them (the files the shop under test serves). */
export const CLIENT_DIR = join(import.meta.dirname, '../../apps/web/build/client');

export interface PageScripts {
  /** Every JavaScript file of the first visit, by path (/assets/...), with its size gzipped. */
  files: { path: string; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * The JavaScript a first visit to `path` downloads: in a fresh browser context (empty cache), every script the
 * page requests until the network is idle (the entry, its module preloads, the route modules and what they import,
 * and anything loaded after hydration without a click), plus the module preloads on the page (put back by the
 * starter after the first paint, apps/web/app/lib/scripts-after-paint.ts), in case the browser
 * skipped one. Each file is read from the build and gzipped here, with zlib's default level (6): the sizes depend
 * on the build alone, not on how the server under test compresses or on the network.
 */
export async function firstVisitScripts(browser: Browser, baseURL: string, path: string): Promise<PageScripts> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const requested = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(baseURL).origin && url.pathname.endsWith('.js')) requested.add(url.pathname);
    });
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`);
    const preloaded = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    for (const one of preloaded) requested.add(one);
    const files = [...requested].sort().map((file) => ({ path: file, gzipBytes: gzipSync(readFileSync(join(CLIENT_DIR, file)), { level: 6 }).length }));
    return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
  } finally {
    await context.close();
  }
}

/** Sizes in kilobytes of 1,000 bytes, as Vite prints them. */
export const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
