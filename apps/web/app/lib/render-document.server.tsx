import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { HELD_SCRIPT_TYPE, START_SCRIPTS_AFTER_PAINT } from './scripts-after-paint';

/**
 * A page rendered in one synchronous pass (renderToString), or undefined when it cannot be.
 *
 * Why: on these pages nothing suspends (no deferred loader data, no lazy components), so streaming sends nothing
 * early, and React's streaming renderer costs about three times as much CPU as renderToString for the same markup: it
 * encodes each small piece of HTML to bytes as it goes (most of a page's render cost here).
 *
 * The one thing a page waits for is React Router's own: its loader data, which <ServerRouter> writes as inline scripts
 * from a stream (the turbo-stream of `serverHandoffStream`, read by its StreamTransfer component under Suspense). That
 * stream is read to its end first and its chunks handed to StreamTransfer through `renderMeta.streamCache` (the typed
 * cache StreamTransfer itself fills, see EntryContext), so it renders them at once: the same scripts, in the same place.
 *
 * Undefined (the caller then streams as before) when some boundary could not finish in this pass (React marks it
 * `<!--$!-->` for the browser to render): a page that does suspend keeps React's streaming renderer.
 */
export async function renderDocumentAtOnce(routerContext: EntryContext, render: () => ReactNode): Promise<Buffer | undefined> {
  await readHandoffData(routerContext);
  // Bytes at once: one pass to UTF-8 (a string body would be scanned and encoded again by Response), searched as bytes.
  const html = Buffer.from(holdScriptsUntilPainted(`<!DOCTYPE html>${renderToString(render())}`));
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? undefined : html;
}

/**
 * Holds the page's scripts until it has painted (lib/scripts-after-paint.ts says why): each `<link rel="modulepreload">`
 * `<Scripts>` writes comes out, and its one module script (which imports the route modules and starts hydration)
 * gets a type browsers do not run, naming those preloads, and is followed by the inline starter (under the same
 * nonce), which runs a copy after the first paint. A page with no module script, or more than one, is left as it is.
 */
export function holdScriptsUntilPainted(html: string): string {
  const moduleScripts = html.match(MODULE_SCRIPT_G);
  if (moduleScripts?.length !== 1) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD_G, (link) => {
    const href = /\shref="([^"]+)"/.exec(link)?.[1];
    if (href) preloads.push(href);
    return '';
  });
  return withoutPreloads.replace(MODULE_SCRIPT, (_tag, before: string, after: string, text: string) => {
    const attributes = `${before}${after}`.replace(/\sasync(="")?/, '');
    const nonce = /\snonce="[^"]*"/.exec(attributes)?.[0] ?? '';
    return `<script${attributes} type="${HELD_SCRIPT_TYPE}" data-modulepreload="${preloads.join(' ')}">${text}</script><script${nonce}>${START_SCRIPTS_AFTER_PAINT}</script>`;
  });
}

const MODULE_PRELOAD_G = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module"([^>]*)>([^]*?)<\/script>/;
const MODULE_SCRIPT_G = new RegExp(MODULE_SCRIPT.source, 'g');

/** How React marks a Suspense boundary it could not finish on the server (the browser renders it). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** Reads React Router's loader-data stream into the cache its StreamTransfer renders from, chunk by chunk. */
async function readHandoffData(routerContext: EntryContext): Promise<void> {
  const stream = routerContext.serverHandoffStream;
  if (!stream) return;
  const renderMeta = (routerContext.renderMeta ??= {});
  const streamCache = (renderMeta.streamCache ??= {});
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  for (let identifier = 0; ; identifier++) {
    const { done, value } = await reader.read();
    const entry = Object.assign(Promise.resolve(), { result: { done, value: decoder.decode(value, { stream: true }) } });
    streamCache[identifier] = entry;
    if (done) break;
  }
  // <ServerRouter> takes its own reader of the (now finished) stream; StreamTransfer then finds every chunk cached.
  reader.releaseLock();
}
