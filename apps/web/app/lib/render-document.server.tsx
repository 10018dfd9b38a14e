import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';

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
  const html = Buffer.from(scriptsAfterFirstPaint(`<!DOCTYPE html>${renderToString(render())}`));
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? undefined : html;
}

/**
 * The page's scripts are asked for at low priority: `<Scripts>` writes a `<link rel="modulepreload">` for each file
 * the page runs (React puts them at the top of the head), which browsers fetch at high priority, beside the
 * stylesheets and ahead of the page's main picture. A page paints and works without its scripts (its links and forms
 * are plain HTML), so on a slow connection the stylesheets and the picture come first and the scripts right after;
 * they still start at once, in parallel, and the module script that imports them finds them preloaded.
 */
export function scriptsAfterFirstPaint(html: string): string {
  return html.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
}

const MODULE_PRELOAD = '<link rel="modulepreload"';

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
