import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GtmScript } from '../app/components/analytics';
import { compactPage, encodedBody, etagOf, identityBody, matchesEtag, sealPage } from './page-seal';

const NONCE = '0123456789abcdef0123456789abcdef';
const html = (body: string) => new Response(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`, { headers: { 'content-type': 'text/html' } });
const seal = (response: Response) => sealPage(response, { nonce: NONCE, expiresAt: Number.POSITIVE_INFINITY, policy: (hashes) => `script-src 'strict-dynamic' ${hashes.join(' ')}` });
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('sealing a rendered page', () => {
  it('names each inline script that had the nonce by its hash, Google Tag Manager\'s too, and leaves no nonce', async () => {
    const gtm = renderToStaticMarkup(GtmScript({ gtmId: 'GTM-ABC123', nonce: NONCE })!);
    const gtmText = /<script[^>]*>([\s\S]*)<\/script>/.exec(gtm)![1]!;
    const page = await seal(
      html(
        `<script nonce="${NONCE}">document.documentElement.classList.add('js')</script>${gtm}` +
          `<link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/><script nonce="${NONCE}" type="module">import "/assets/a.js";</script>` +
          '<script>alert("no nonce, no hash")</script><script type="application/ld+json">{"@type":"Product"}</script>',
      ),
    );
    expect(page.shareable).toBe(true);
    const sealed = identityBody(page).toString();
    expect(sealed).not.toContain(NONCE);
    expect(sealed).not.toMatch(/<[^>]* nonce=/);
    expect(page.policy).toBe(`script-src 'strict-dynamic' ${sha("document.documentElement.classList.add('js')")} ${sha(gtmText)} ${sha('import "/assets/a.js";')}`);
    expect(page.policy).not.toContain(sha('alert("no nonce, no hash")'));
  });

  it('seals a page that came as bytes, beside a Response without a body, as it seals the same page as a body', async () => {
    const markup = `<script nonce="${NONCE}">go()</script><p>1997–2026 ♥</p>`;
    const asBody = await seal(html(markup));
    const asBytes = await sealPage(new Response(null, { headers: { 'content-type': 'text/html' } }), {
      body: Buffer.from(await html(markup).text()),
      nonce: NONCE,
      expiresAt: Number.POSITIVE_INFINITY,
      policy: (hashes) => `script-src 'strict-dynamic' ${hashes.join(' ')}`,
    });
    expect(identityBody(asBytes).toString()).toBe('<!DOCTYPE html><html><head></head><body><script>go()</script><p>1997–2026 ♥</p></body></html>');
    expect(asBytes).toEqual(asBody);
  });

  it('hashes a script as the browser reads it (CR LF as LF)', async () => {
    const page = await seal(html(`<script nonce="${NONCE}">one();\r\ntwo();</script>`));
    expect(page.policy).toContain(sha('one();\ntwo();'));
  });

  it('never lets a page with its nonce left anywhere be kept or shared', async () => {
    const page = await seal(html(`<script nonce="${NONCE}">x()</script><p data-n='${NONCE}'>`));
    expect(page.shareable).toBe(false);
  });

  it('keeps only the Brotli form once kept, and gives the same page in every coding', async () => {
    const page = await seal(html(`<main>${'Charms and charm bracelets. '.repeat(500)}</main>`));
    const original = identityBody(page).toString();
    const before = page.bytes;
    compactPage(page);
    expect(page.body).toBeNull();
    expect(page.bytes).toBeLessThan(before / 5);
    expect(identityBody(page).toString()).toBe(original);
    const gzip = encodedBody(page, 'gzip');
    expect(gzip[0]).toBe(0x1f);
    expect(page.bytes).toBeGreaterThan(page.encoded.br!.length + gzip.length);
  });

  it('tags a page served once weakly, a kept one strongly per coding made once, and weakly as it is', async () => {
    const page = await seal(html('<p>hello</p>'));
    expect(etagOf(page, 'identity')).toBe(`W/"${page.hash}"`);
    compactPage(page);
    // As it is, the kept page still goes through the server's compression, which may make Zstandard of it.
    expect([etagOf(page, 'identity'), etagOf(page, 'br'), etagOf(page, 'gzip')]).toEqual([`W/"${page.hash}"`, `"${page.hash}-br"`, `"${page.hash}-gz"`]);
  });

  it('answers If-None-Match for any coding\'s tag, weak or strong, and * ', async () => {
    const page = compactPage(await seal(html('<p>hello</p>')));
    for (const tag of [etagOf(page, 'identity'), etagOf(page, 'br'), `W/${etagOf(page, 'gzip')}`, '*', `"other", ${etagOf(page, 'br')}`]) expect(matchesEtag(tag, page)).toBe(true);
    for (const tag of [undefined, '', '"other"', `"${page.hash}x"`, `"${page.hash.slice(1)}"`]) expect(matchesEtag(tag, page)).toBe(false);
  });
});
