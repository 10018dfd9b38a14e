import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A rendered shared page made ready to be served many times: its whole body, its inline scripts allowed by their
 * SHA-256 hashes instead of the render's nonce (a stored page cannot carry a per-answer nonce), a strong ETag, and
 * its Brotli and gzip forms, each made once, when first asked for. A page that is kept keeps only its Brotli form
 * (about a sixth of its size) and the gzip one once asked for; the rare client that takes neither gets the HTML
 * decompressed from Brotli.
 */
export interface SealedPage {
  status: number;
  /** The render's own headers (content type, a route's headers), without those the cache sets itself. */
  headers: [string, string][];
  /** The page as it is, until it is kept (compactPage). */
  body: Buffer | null;
  /** Kept by the cache: served in the codings made for it (once), with a strong ETag for each. */
  kept: boolean;
  /** The body's SHA-256 (base64url, 32 characters): the ETag's opaque part. */
  hash: string;
  /** For HTML: its Content-Security-Policy, naming its inline scripts by their `'sha256-...'` hashes. */
  policy: string | null;
  /** Set-Cookie headers of the render. */
  setCookies: string[];
  /** The render said it is for this request only: a Set-Cookie, `Cache-Control: private` or `no-store`, a Vary. */
  personal: boolean;
  /** May be served to anyone (kept, sent with public cache headers and an ETag): a 200, not personal, its nonce gone. */
  shareable: boolean;
  encoded: Partial<Record<Coding, Buffer>>;
  bytes: number;
  expiresAt: number;
}

export type Coding = 'br' | 'gzip';

/**
 * Brotli quality 6: within 1% of quality 9's size and 12-15% larger than 11's, at 2 ms of CPU for a 50-80 KB page
 * against 14-17 ms (9) and 50-90 ms (11). Every miss pays it, including those anyone can cause with a new query
 * string, so the last 12% is not worth 30-60 times the CPU (docs/decisions/0032-page-cache.md).
 */
const BROTLI_QUALITY = 6;

/** Headers the cache writes itself, or that describe one transfer rather than the page. */
const OWN_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'etag', 'cache-control', 'vary', 'content-security-policy']);

/**
 * Reads a render to the end (its Response's body, or `body` when the page came as bytes). In HTML, the inline scripts
 * the renderer trusted are exactly those carrying its nonce: each becomes a hash source and the nonce attribute is
 * removed everywhere. Should the nonce still appear anywhere else (it never should), the page is served this once and
 * never stored, so no nonce is ever sent twice.
 */
export async function sealPage(
  response: Response,
  options: { body?: Buffer | undefined; nonce: string; expiresAt: number; policy: (scriptHashes: string[]) => string },
): Promise<SealedPage> {
  const { nonce, expiresAt } = options;
  let body: Buffer = options.body ?? Buffer.from(await response.arrayBuffer());
  let policy: string | null = null;
  let reusable = true;
  if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
    const sealed = withoutNonce(body, nonce);
    body = sealed.body;
    reusable = !body.includes(nonce);
    policy = options.policy(sealed.scriptHashes);
  }
  const headers = [...response.headers].filter(([name]) => !OWN_HEADERS.has(name));
  const setCookies = response.headers.getSetCookie();
  const personal = setCookies.length > 0 || /private|no-store/i.test(response.headers.get('cache-control') ?? '') || response.headers.has('vary');
  const shareable = response.status === 200 && !personal && reusable;
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  const bytes = body.length + hash.length + headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) + (policy?.length ?? 0) + 256;
  return { status: response.status, headers, body, kept: false, hash, policy, setCookies, personal, shareable, encoded: {}, bytes, expiresAt };
}

/** The page's body in a content coding, compressed the first time it is asked for; `grew` learns the bytes added. */
export function encodedBody(page: SealedPage, coding: Coding, grew: (bytes: number) => void = () => {}): Buffer {
  const done = page.encoded[coding];
  if (done) return done;
  const body = identityBody(page);
  const made =
    coding === 'br'
      ? brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : gzipSync(body, { level: 6 });
  page.encoded[coding] = made;
  page.bytes += made.length;
  grew(made.length);
  return made;
}

/** The page as it is: its HTML, or, once kept, its Brotli form decompressed. */
export function identityBody(page: SealedPage): Buffer {
  if (page.body) return page.body;
  return brotliDecompressSync(page.encoded.br!);
}

/** Before a page is kept: its Brotli form made, and the HTML let go. */
export function compactPage(page: SealedPage): SealedPage {
  encodedBody(page, 'br');
  page.kept = true;
  if (page.body) {
    page.bytes -= page.body.length;
    page.body = null;
  }
  return page;
}

/**
 * The ETag of the page in a coding. A kept page's Brotli and gzip forms are made once, so each is a fixed sequence of
 * bytes with a strong tag of its own. The page as it is goes to the server's compression (a page served once, or a
 * kept page for a client that takes neither Brotli nor gzip but may take Zstandard), so its tag is weak (the same
 * page, whatever the coding), as the API's are.
 */
export function etagOf(page: SealedPage, coding: Coding | 'identity'): string {
  if (!page.kept || coding === 'identity') return `W/"${page.hash}"`;
  return `"${page.hash}-${coding === 'br' ? 'br' : 'gz'}"`;
}

/**
 * Whether If-None-Match names this page in any coding (the comparison is weak, RFC 9110 13.1.2): a client that got
 * the gzip form and now takes Brotli still has the same page.
 */
export function matchesEtag(ifNoneMatch: string | undefined, page: SealedPage): boolean {
  if (!ifNoneMatch) return false;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const opaque = tag.replace(/^"|"$/g, '').replace(/-(?:br|gz)$/, '');
    if (opaque === page.hash) return true;
  }
  return false;
}

/**
 * The HTML without the nonce attribute, and the hash of each inline script that carried it. Works on the bytes (no
 * decoding and encoding of the whole page): React escapes `<` and `>` in attribute values, so the element holding an
 * attribute starts at the last `<` before it and its tag ends at the next `>`.
 */
function withoutNonce(html: Buffer, nonce: string): { body: Buffer; scriptHashes: string[] } {
  const attribute = Buffer.from(` nonce="${nonce}"`);
  const hashes = new Set<string>();
  const parts: Buffer[] = [];
  let copied = 0;
  for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, copied)) {
    const tagStart = html.lastIndexOf('<', at);
    const tagEnd = html.indexOf('>', at);
    if (/^<script[\s>/]/.test(html.toString('latin1', tagStart, tagStart + 8)) && tagEnd !== -1) {
      const end = html.indexOf('</script>', tagEnd);
      if (end !== -1) hashes.add(scriptHash(html.subarray(tagEnd + 1, end)));
    }
    parts.push(html.subarray(copied, at));
    copied = at + attribute.length;
  }
  parts.push(html.subarray(copied));
  return { body: Buffer.concat(parts), scriptHashes: [...hashes] };
}

/** A CSP hash source for an inline script's text, as the browser reads it (the HTML parser turns CR LF into LF). */
function scriptHash(text: Buffer): string {
  const read = text.includes(0x0d) ? Buffer.from(text.toString('utf8').replace(/\r\n?/g, '\n'), 'utf8') : text;
  return `'sha256-${createHash('sha256').update(read).digest('base64')}'`;
}
