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
  // Searched with indexOf, not regular expressions: every uncached page pays this (a 77 KB listing: 0.045 ms of CPU
  // against 0.16 ms; the low-priority rewrite it replaced took 0.017 ms).
  const at = html.indexOf(MODULE_TYPE);
  if (at < 0 || html.includes(MODULE_TYPE, at + 1)) return html;
  const open = html.lastIndexOf('<script', at);
  const textStart = html.indexOf('>', at) + 1;
  const close = html.indexOf('</script>', textStart);
  if (open < 0 || textStart === 0 || close < 0) return html;
  const attributes = `${html.slice(open + '<script'.length, at)}${html.slice(at + MODULE_TYPE.length, textStart - 1)}`.replace(/\sasync(="")?/, '');
  const nonce = /\snonce="[^"]*"/.exec(attributes)?.[0] ?? '';
  // React writes the module preloads at the top of the head, before the module script.
  const preloads: string[] = [];
  let kept = '';
  let from = 0;
  for (let link = html.indexOf(MODULE_PRELOAD); link >= 0 && link < open; link = html.indexOf(MODULE_PRELOAD, from)) {
    const end = html.indexOf('>', link) + 1;
    const href = /\shref="([^"]+)"/.exec(html.slice(link, end))?.[1];
    if (href) preloads.push(href);
    kept += html.slice(from, link);
    from = end;
  }
  const held = `<script${attributes} type="${HELD_SCRIPT_TYPE}" data-modulepreload="${preloads.join(' ')}">`;
  return `${kept}${html.slice(from, open)}${held}${html.slice(textStart, close)}</script><script${nonce}>${START_SCRIPTS_AFTER_PAINT}</script>${html.slice(close + '</script>'.length)}`;
}

const MODULE_PRELOAD = '<link rel="modulepreload"';
const MODULE_TYPE = ' type="module"';

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
