import { describe, expect, it } from 'vitest';
import { cmsPages } from '../src/db/schema';
import { sanitizeContentHtml } from '../src/services/content';
import { errorOf, useTestApp } from './helper';

const t = useTestApp();

const content = (objectKey: string) => t.app.inject({ url: '/api/content', query: { objectKey } });

describe('GET /api/content', () => {
  it('serves a seeded page with its SEO envelope and the configured phone number', async () => {
    const response = await content('/shipping');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ heading: 'Shipping', htmlHeadTitle: 'Shipping | Charm & Bracelet Co.', canonicalUrl: '/shipping', dataLayers: [] });
    expect(body.htmlHeadMetaDescription).toContain('Free ground shipping');
    expect(body.cmsData).toContain('$39.75');
    expect(body.cmsData).toContain('<a href="tel:1-800-555-0142">1-800-555-0142</a>');
  });

  it('has the engraving guide, returns, warranty and PhotoArt instructions, with the PhotoArt address', async () => {
    for (const path of ['/engraving-guide', '/returns', '/warranty', '/photoart-instructions']) {
      expect((await content(path)).statusCode, path).toBe(200);
    }
    expect((await content('/photoart-instructions')).json().cmsData).toContain('mailto:photoart@charms.example');
    expect((await content('/engraving-guide')).json().cmsData).toContain('$0.75');
  });

  it('finds a page whatever the case and a trailing slash', async () => {
    const response = await content('/Returns/');
    expect(response.statusCode).toBe(200);
    expect(response.json().canonicalUrl).toBe('/returns');
  });

  it('answers 404 in the error shape for a path without a page', async () => {
    const response = await content('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({ code: 'NOT_FOUND', message: 'There is no content page at /no-such-page.' });
  });

  it('answers 400 naming objectKey when it is missing or not a path', async () => {
    const missing = await t.app.inject('/api/content');
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).details).toEqual([{ field: 'objectKey', message: 'is required' }]);
    const relative = await content('shipping');
    expect(relative.statusCode).toBe(400);
    expect(errorOf(relative).details).toEqual([{ field: 'objectKey', message: 'must start with /' }]);
  });

  it('sanitizes stored HTML before serving it', async () => {
    await t.database.db.insert(cmsPages).values({
      path: '/hostile',
      title: 'Hostile',
      html: '<h2 onclick="steal()">Hi</h2><script>steal()</script><a href="javascript:steal()">x</a><img src=x onerror="steal()"><style>p{}</style><p>Safe <a href="/faq">FAQ</a></p>',
    });
    const { cmsData } = (await content('/hostile')).json() as { cmsData: string };
    expect(cmsData).not.toMatch(/script|onclick|onerror|javascript:|<style/i);
    expect(cmsData).toContain('<h2>Hi</h2>');
    expect(cmsData).toContain('<p>Safe <a href="/faq">FAQ</a></p>');
  });
});

describe('sanitizeContentHtml', () => {
  it('keeps the markup content pages use and drops protocol-relative and data links', () => {
    expect(sanitizeContentHtml('<table><tr><th scope="col">A</th></tr></table>')).toBe('<table><tr><th scope="col">A</th></tr></table>');
    expect(sanitizeContentHtml('<a href="//evil.example">x</a><a href="data:text/html,hi">y</a>')).toBe('<a>x</a><a>y</a>');
    expect(sanitizeContentHtml('<a href="&#106;avascript:alert(1)">z</a>')).toBe('<a>z</a>');
    expect(sanitizeContentHtml('<iframe src="https://evil.example"></iframe><p>ok</p>')).toBe('<p>ok</p>');
  });
});
