import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { coalescedHtmlBody } from './lib/html-body.server';
import { NonceProvider } from './lib/nonce';
import { renderDocumentAtOnce } from './lib/render-document.server';

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, with the page's script nonce handed to everything that writes an inline
 * script: React Router's own (hydration data, route modules, scroll restoration), React's streaming scripts, and the
 * layout's (root.tsx reads it with useNonce). The nonce comes from the Fastify request through the load context, so
 * the security headers plugin (@charms/api/plugins/security-headers) writes it into the Content-Security-Policy header.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  const page = () => (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  // Nothing on a page suspends today: render it in one pass (see render-document.server.tsx), else stream it.
  const html = await renderDocumentAtOnce(routerContext, page, nonce);
  if (html !== undefined) {
    responseHeaders.set('Content-Type', 'text/html');
    const pages = loadContext.renderedPages;
    if (!pages) return new Response(html as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode });
    const response = new Response(null, { headers: responseHeaders, status: responseStatusCode });
    pages.set(response, html);
    return response;
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; people get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      page(),
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const { sink, body } = coalescedHtmlBody(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(sink);
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by React Router; these come later, while streaming.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
