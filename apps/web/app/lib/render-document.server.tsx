import type { ReactNode } from 'react';
import { escapeXml } from '@charms/art/svg';
import { renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { HELD_SCRIPT_TYPE, START_SCRIPTS_AFTER_PAINT } from './scripts-after-paint';

/**
 * A page rendered in one synchronous pass (renderToString), as bytes, or undefined when it cannot be.
 *
 * Why: on these pages nothing suspends (no deferred loader data, no lazy components), so streaming sends nothing
 * early, and React's streaming renderer costs about three times as much CPU as renderToString for the same markup: it
 * encodes each small piece of HTML to bytes as it goes (most of a page's render cost here).
 *
 * The one thing a page waits for is React Router's own: its loader data, which <ServerRouter> writes as inline scripts
 * from a stream (the turbo-stream of `serverHandoffStream`, read by its StreamTransfer component under Suspense). That
 * stream is read to its end first. The page is then rendered without it, and its scripts, the same React Router's
 * StreamTransfer writes (handoffScripts), are added to the page's bytes before `</body>`, where StreamTransfer puts
 * them.
 *
 * Why not in React's string: renderToString returns its HTML as a string of thousands of small pieces, which becomes
 * one flat string when it is encoded. A string of more than 64K characters with one character past U+00FF (the
 * footer's "1997–2026", a product name's "’") is over 128 KB in V8, which allocates it in its large-object space:
 * about 0.5 ms of CPU on this machine against 0.1 ms for the same page just under that size (decision 0042). The
 * loader data (21 KB of a 66 KB listing) kept out of the string keeps a page's markup under it. For the same reason
 * every later step works on bytes, never on a second copy of the page as a string.
 *
 * Undefined (the caller then streams as before, StreamTransfer reading the chunks from `renderMeta.streamCache`) when
 * some boundary could not finish in this pass (React marks it `<!--$!-->` for the browser to render): a page that does
 * suspend keeps React's streaming renderer.
 */
export async function renderDocumentAtOnce(routerContext: EntryContext, render: () => ReactNode, nonce: string | undefined): Promise<Buffer | undefined> {
  const handoff = await readHandoffData(routerContext);
  const stream = routerContext.serverHandoffStream;
  routerContext.serverHandoffStream = undefined;
  let markup: string;
  try {
    markup = renderToString(render());
  } finally {
    routerContext.serverHandoffStream = stream;
  }
  const html = Buffer.from(`<!DOCTYPE html>${markup}`);
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) return undefined;
  // StreamTransfer writes nothing on a page without React Router's <Scripts>.
  const data = routerContext.renderMeta?.didRenderScripts ? handoffScripts(handoff, nonce) : '';
  return holdScriptsUntilPainted(html, data);
}

/**
 * The inline scripts React Router's StreamTransfer writes for the loader data: one handing each chunk of the stream to
 * the browser's stream controller (the chunk as a JSON string, with `<`, `>`, `&`, U+2028 and U+2029 escaped as
 * React Router's escapeHtml does), then one closing the stream.
 */
export function handoffScripts(chunks: string[], nonce: string | undefined): string {
  const open = nonce === undefined ? '<script>' : `<script nonce="${escapeXml(nonce)}">`;
  let scripts = '';
  for (const chunk of chunks) {
    if (chunk) scripts += `${open}window.__reactRouterContext.streamController.enqueue(${escapeScriptText(JSON.stringify(chunk))});</script>`;
  }
  return `${scripts}${open}window.__reactRouterContext.streamController.close();</script>`;
}

/**
 * The page with its scripts held until it has painted (lib/scripts-after-paint.ts says why), and `beforeBodyEnd`
 * added before `</body>`: each `<link rel="modulepreload">` `<Scripts>` writes comes out, and its one module script
 * (which imports the route modules and starts hydration) gets a type browsers do not run, naming those preloads, and
 * is followed by the inline starter (under the same nonce), which runs a copy after the first paint. A page with no
 * module script, or more than one, keeps its scripts as they are.
 *
 * On bytes (see renderDocumentAtOnce): the page is cut into pieces that are copied once, into the page sent.
 */
export function holdScriptsUntilPainted(html: Buffer, beforeBodyEnd = ''): Buffer {
  const bodyEnd = html.lastIndexOf(BODY_END);
  const insertAt = bodyEnd < 0 ? html.length : bodyEnd;
  const pieces: Buffer[] = [];
  let from = 0;
  const held = heldScript(html, insertAt);
  if (held) {
    // React writes the module preloads at the top of the head, before the module script.
    for (let link = html.indexOf(MODULE_PRELOAD); link >= 0 && link < held.open; link = html.indexOf(MODULE_PRELOAD, from)) {
      pieces.push(html.subarray(from, link));
      from = html.indexOf('>', link) + 1;
    }
    pieces.push(html.subarray(from, held.open), Buffer.from(held.start), html.subarray(held.textStart, held.close), Buffer.from(held.end));
    from = held.close + SCRIPT_END.length;
  }
  pieces.push(html.subarray(from, insertAt), Buffer.from(beforeBodyEnd), html.subarray(insertAt));
  return Buffer.concat(pieces);
}

/** Where `<Scripts>`' one module script is (before `end`), and what replaces its tags; undefined without exactly one. */
function heldScript(html: Buffer, end: number): { open: number; textStart: number; close: number; start: string; end: string } | undefined {
  const at = html.indexOf(MODULE_TYPE);
  if (at < 0 || at >= end || html.includes(MODULE_TYPE, at + 1)) return undefined;
  const open = html.lastIndexOf(SCRIPT_START, at);
  const textStart = html.indexOf('>', at) + 1;
  const close = html.indexOf(SCRIPT_END, textStart);
  if (open < 0 || textStart === 0 || close < 0) return undefined;
  const attributes = `${html.toString('utf8', open + SCRIPT_START.length, at)}${html.toString('utf8', at + MODULE_TYPE.length, textStart - 1)}`.replace(/\sasync(="")?/, '');
  const nonce = /\snonce="[^"]*"/.exec(attributes)?.[0] ?? '';
  const preloads: string[] = [];
  for (let link = html.indexOf(MODULE_PRELOAD); link >= 0 && link < open; link = html.indexOf(MODULE_PRELOAD, link + 1)) {
    const href = /\shref="([^"]+)"/.exec(html.toString('utf8', link, html.indexOf('>', link) + 1))?.[1];
    if (href) preloads.push(href);
  }
  return {
    open,
    textStart,
    close,
    start: `<script${attributes} type="${HELD_SCRIPT_TYPE}" data-modulepreload="${preloads.join(' ')}">`,
    end: `</script><script${nonce}>${START_SCRIPTS_AFTER_PAINT}</script>`,
  };
}

const MODULE_PRELOAD = '<link rel="modulepreload"';
const MODULE_TYPE = ' type="module"';
const SCRIPT_START = '<script';
const SCRIPT_END = '</script>';
const BODY_END = '</body>';

/** How React marks a Suspense boundary it could not finish on the server (the browser renders it). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** React Router's escapeHtml for inline script text: a JSON string that cannot end the script or the line. */
const SCRIPT_TEXT_ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
function escapeScriptText(text: string): string {
  return text.replace(/[&><\u2028\u2029]/g, (character) => SCRIPT_TEXT_ESCAPES[character]!);
}

/**
 * Reads React Router's loader-data stream to its end: its chunks as text, each also put in the cache its
 * StreamTransfer renders from, for the page that has to be streamed after all.
 */
async function readHandoffData(routerContext: EntryContext): Promise<string[]> {
  const stream = routerContext.serverHandoffStream;
  if (!stream) return [];
  const renderMeta = (routerContext.renderMeta ??= {});
  const streamCache = (renderMeta.streamCache ??= {});
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for (let identifier = 0; ; identifier++) {
    const { done, value } = await reader.read();
    const text = decoder.decode(value, { stream: true });
    chunks.push(text);
    streamCache[identifier] = Object.assign(Promise.resolve(), { result: { done, value: text } });
    if (done) break;
  }
  // <ServerRouter> takes its own reader of the (now finished) stream when it has to stream the page.
  reader.releaseLock();
  return chunks;
}
