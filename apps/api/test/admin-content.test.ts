import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminContentPageSchema, contentPageListSchema, contentPreviewSchema, STOREFRONT_RESERVED_PATHS } from '@charms/contracts/admin-content';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedContentPages } from '../src/db/seed/content-pages';
import { auditTrail } from '../src/staff/audit';
import { errorOf, staffApi, useTestApp } from './helper';

const t = useTestApp();
const others: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(others.map((app) => app.close()));
});

const served = (path: string, app = t.app) => app.inject({ url: '/api/content', query: { objectKey: path } });
const page = (path: string, html = '<p>Hello from {{storeName}}.</p>', title = 'Gift wrap') => ({ path, title, metaDescription: 'How we wrap gifts', html });

describe('content pages: list, read, save, delete', () => {
  it('creates a page (201), lists it, reads it as stored, replaces it (200) and deletes it; the storefront follows each step', async () => {
    const staff = await staffApi(t, { role: 'staff', name: 'Cora Content' });
    const created = await staff.call('PUT', '/admin-content', page('/gift-wrap'));
    expect(created.statusCode).toBe(201);
    expect(adminContentPageSchema.parse(created.json())).toMatchObject({ path: '/gift-wrap', title: 'Gift wrap', html: '<p>Hello from {{storeName}}.</p>', updatedBy: 'Cora Content' });
    expect((await served('/gift-wrap')).json()).toMatchObject({ heading: 'Gift wrap', cmsData: '<p>Hello from Charm &amp; Bracelet Co..</p>' });

    const list = contentPageListSchema.parse((await staff.call('GET', '/admin-content')).json()).pages;
    expect(list.find((found) => found.path === '/gift-wrap')).toMatchObject({ title: 'Gift wrap', updatedBy: 'Cora Content' });
    expect(list.find((found) => found.path === '/shipping')).toMatchObject({ title: 'Shipping', updatedBy: null });

    const replaced = await staff.call('PUT', '/admin-content', page('/Gift-Wrap', '<p>New words</p>', 'Gift wrapping'));
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ path: '/Gift-Wrap', title: 'Gift wrapping', html: '<p>New words</p>' });
    expect((await staff.call('GET', '/admin-content/page?path=/gift-wrap')).json()).toMatchObject({ path: '/Gift-Wrap', title: 'Gift wrapping' });
    expect(contentPageListSchema.parse((await staff.call('GET', '/admin-content')).json()).pages.filter((found) => found.path.toLowerCase() === '/gift-wrap')).toHaveLength(1);
    expect((await served('/gift-wrap')).json()).toMatchObject({ heading: 'Gift wrapping', cmsData: '<p>New words</p>' });

    expect((await staff.call('DELETE', '/admin-content/page?path=/gift-wrap')).statusCode).toBe(204);
    expect((await served('/gift-wrap')).statusCode).toBe(404);
    const again = await staff.call('DELETE', '/admin-content/page?path=/gift-wrap');
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toEqual({ code: 'NOT_FOUND', message: 'There is no content page at /gift-wrap.' });
    expect((await staff.call('GET', '/admin-content/page?path=/gift-wrap')).statusCode).toBe(404);
  });

  it('writes an audit row for every change: what changed, and the body’s length before and after (not the body)', async () => {
    const staff = await staffApi(t, { name: 'Abe Audit' });
    await staff.call('PUT', '/admin-content', page('/audited', '<p>one</p>', 'First'));
    await staff.call('PUT', '/admin-content', page('/audited', '<p>one two <script>x()</script></p>', 'Second'));
    await staff.call('DELETE', '/admin-content/page?path=/audited');
    const trail = await auditTrail(t.database.db, 'content_page', '/audited');
    expect(trail.map((event) => [event.action, event.actor, event.staffId])).toEqual([
      ['content.created', 'Abe Audit', staff.staff.id],
      ['content.updated', 'Abe Audit', staff.staff.id],
      ['content.deleted', 'Abe Audit', staff.staff.id],
    ]);
    expect(trail.map((event) => event.details)).toEqual([
      { path: '/audited', title: 'First', htmlLength: { before: null, after: 10 } },
      { path: '/audited', titleChanged: { from: 'First', to: 'Second' }, htmlLength: { before: 10, after: 15 }, sanitized: true },
      { path: '/audited', title: 'Second', htmlLength: { before: 15, after: null } },
    ]);
  });

  it('keeps a deleted starting page deleted when the shop starts again (the seed leaves edited content alone)', async () => {
    const staff = await staffApi(t);
    expect((await staff.call('DELETE', '/admin-content/page?path=/warranty')).statusCode).toBe(204);
    await seedContentPages(t.database.db);
    expect((await served('/warranty')).statusCode).toBe(404);
  });

  it('saves and previews a page as long as the contract allows (200,000 characters, quotes and accents escaped in JSON), and refuses a longer one with 400', async () => {
    const staff = await staffApi(t);
    // Each character is several bytes once JSON-escaped or UTF-8 encoded: the body is far over the API's usual 100 KB.
    const html = `<p>${'“Café” & "quotes" '.repeat(10_500)}</p>`.slice(0, 199_990);
    const saved = await staff.call('PUT', '/admin-content', page('/long-page', html));
    expect(saved.statusCode).toBe(201);
    expect((await served('/long-page')).json().cmsData.length).toBeGreaterThan(150_000);
    expect((await staff.call('POST', '/admin-content/preview', { html })).statusCode).toBe(200);

    const tooLong = await staff.call('PUT', '/admin-content', page('/longer-page', 'x'.repeat(200_001)));
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).details).toEqual([{ field: 'html', message: 'must be at most 200,000 characters' }]);
  });

  it('shows a saved page at once on another instance of the shop on the same database', async () => {
    // With TEST_DATABASE_URL the other instance has connections of its own; on PGlite it shares the one database.
    const database = 'url' in t.location ? await openDatabase(t.location) : { ...t.database, close: async () => {} };
    const other = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'charms-test-')) }), database, logger: false });
    others.push(other);
    expect((await served('/care-guide', other)).statusCode).toBe(404);
    const staff = await staffApi(t);
    await staff.call('PUT', '/admin-content', page('/care-guide', '<p>Polish gently.</p>', 'Care guide'));
    expect((await served('/care-guide', other)).json()).toMatchObject({ heading: 'Care guide', cmsData: '<p>Polish gently.</p>' });
    await staff.call('PUT', '/admin-content', page('/care-guide', '<p>Polish very gently.</p>', 'Care guide'));
    expect((await served('/care-guide', other)).json().cmsData).toBe('<p>Polish very gently.</p>');
  });
});

describe('preview', () => {
  it('answers the body as the storefront will show it (values filled, sanitized) and saves nothing', async () => {
    const staff = await staffApi(t);
    const before = (await staff.call('GET', '/admin-content')).body;
    const response = await staff.call('POST', '/admin-content/preview', {
      path: '/products/not-checked-here',
      html: '<p onclick="x()">Call {{storePhone}} or write to <a href="mailto:{{photoArtEmail}}">us</a></p><script>x()</script>',
    });
    expect(response.statusCode).toBe(200);
    expect(contentPreviewSchema.parse(response.json()).html).toBe('<p>Call 1-800-555-0142 or write to <a href="mailto:photoart@charms.example">us</a></p>');
    expect((await staff.call('GET', '/admin-content')).body).toBe(before);
    expect((await staff.call('POST', '/admin-content/preview', { html: 5 })).statusCode).toBe(400);
  });
});

/** Every attribute the sanitized HTML may carry, per tag; anything else found is a failure. */
const ALLOWED: Record<string, string[]> = { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height', 'loading'], abbr: ['title'], h2: ['id'], h3: ['id'], h4: ['id'], th: ['scope'], section: ['aria-labelledby'] };
const SAFE_TARGET = /^(https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i;

function problemsIn(html: string): string[] {
  const problems: string[] = [];
  for (const [, name, attributes] of html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)) {
    const tag = name!.toLowerCase();
    if (['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'link', 'meta', 'base', 'form', 'input', 'button', 'frame', 'frameset', 'body', 'html', 'xml', 'video', 'audio', 'marquee', 'div', 'span', 'font'].includes(tag)) problems.push(`<${tag}>`);
    for (const [, attribute, , value] of attributes!.matchAll(/\s([^\s=]+)(="([^"]*)")?/g)) {
      if (!(ALLOWED[tag] ?? []).includes(attribute!.toLowerCase())) problems.push(`${tag}[${attribute}]`);
      if (['href', 'src'].includes(attribute!.toLowerCase()) && !SAFE_TARGET.test(value ?? '')) problems.push(`${tag}[${attribute}=${value}]`);
    }
  }
  return problems;
}

/** OWASP's XSS filter evasion classics, and ways to lay something over the page. */
const HOSTILE = [
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">x</a>',
  '<a href="jav\tascript:alert(\'XSS\');">x</a>',
  '<a href="jav&#x09;ascript:alert(\'XSS\');">x</a>',
  '<a href="jav&#x0A;ascript:alert(\'XSS\');">x</a>',
  '<a href="jav&#x0D;ascript:alert(\'XSS\');">x</a>',
  '<a href=" &#14;  javascript:alert(\'XSS\');">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBScript&#58;msgbox(1)">x</a>',
  '<a href="//evil.example/">x</a>',
  '<a href="/&#x2F;evil.example/">x</a>',
  '<a href="/\\evil.example/">x</a>',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=//xss.example/.j>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<svg/onload=alert(\'XSS\')>',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<STYLE>@import\'https://xss.example/xss.css\';</STYLE>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')"><TR><TD>x</TD></TR></TABLE>',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">x</DIV>',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">x</DIV>',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<!--[if gte IE 4]><SCRIPT>alert(\'XSS\');</SCRIPT><![endif]-->',
  '<noembed><abbr title="</noembed><img src=x onerror=alert(1)>">x</abbr></noembed>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
  '<form action="javascript:alert(1)"><button>Go</button></form>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999;background:#fff">Pay here</p>',
  '<h2 class="modal-overlay" style="position:absolute;inset:0">Sign in again</h2>',
  '<section aria-labelledby="x" style="position:sticky;top:0" onfocus="x()" tabindex="0" autofocus>s</section>',
  '<a href="https://shop.example/" target="_blank" rel="opener" ping="https://evil.example">x</a>',
];

describe('sanitizing hostile HTML', () => {
  let editor: Awaited<ReturnType<typeof staffApi>> | undefined;
  it.each(HOSTILE.map((html, index) => [index, html]))('payload %i is stored and served without anything that runs or overlays the page', async (_index, html) => {
    const staff = (editor ??= await staffApi(t));
    const path = `/hostile-${_index}`;
    const saved = await staff.call('PUT', '/admin-content', page(path, `<p>before</p>${html}<p>after</p>`));
    expect(saved.statusCode).toBe(201);
    const stored = adminContentPageSchema.parse(saved.json()).html;
    const shown = (await served(path)).json().cmsData as string;
    for (const output of [stored, shown]) {
      expect(problemsIn(output)).toEqual([]);
      // Inside tags: what is left outside them is text, shown as typed (a page may say "javascript:").
      const tags = [...output.matchAll(/<[^>]*>/g)].join('');
      expect(tags).not.toMatch(/javascript:|vbscript:|data:|expression\(|position|style|class|\son[a-z]+=/i);
      expect(output).toMatch(/^<p>before<\/p>/);
      expect(output).not.toContain('[removed]');
    }
  });

  it('keeps the markup a page needs', async () => {
    const staff = await staffApi(t);
    const html =
      '<h2 id="sizes">Sizes</h2><p><strong>Bold</strong> and <em>em</em>, <a href="/faq" title="FAQ">FAQ</a>, <a href="https://example.com/x?y=1&amp;z=2">out</a>, <a href="tel:1-800-555-0142">call</a>, <a href="#sizes">up</a></p><ul><li>one</li></ul><table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table><img src="/api/images/charms/round/x.png" alt="A charm" width="40" height="40" loading="lazy">';
    const saved = await staff.call('PUT', '/admin-content', page('/keeps-markup', html));
    expect(saved.json().html).toBe(html);
    const words = await staff.call('PUT', '/admin-content', page('/keeps-words', '<p>The [removed] part</p><script>x'));
    expect((await served('/keeps-words')).json().cmsData).toBe('<p>The &#91;removed] part</p>x');
    expect(words.json().html).toBe('<p>The &#91;removed] part</p>x');
  });
});

describe('paths', () => {
  it('refuses a path the storefront claims (any case, and below it) with 400 saying so, and saves nothing', async () => {
    const staff = await staffApi(t);
    const claimed = ['/products/x', '/PRODUCTS', '/categories/rings', '/order', '/order/process', '/admin', '/admin/orders', '/account', '/api/content', '/contact-us', '/faq', '/about-us', '/privacy-policy', '/newsletter', '/art/x', '/rembrandtcharms', '/gold-charms', '/wedding-gift-ideas', '/Gold_Plate-Charm_Bracelets', '/preferences'];
    for (const path of claimed) {
      const response = await staff.call('PUT', '/admin-content', page(path));
      expect(response.statusCode, path).toBe(400);
      expect(errorOf(response).message).toMatch(/^path is a storefront page of its own \(.+\): a content page there would never be shown\. Choose another path\.$/);
    }
    expect(errorOf(await staff.call('PUT', '/admin-content', page('/order/process'))).message).toContain('(/order/...)');
    expect(contentPageListSchema.parse((await staff.call('GET', '/admin-content')).json()).pages.map((found) => found.path)).not.toEqual(expect.arrayContaining(claimed));
    // A path that only starts with the same letters is free.
    expect((await staff.call('PUT', '/admin-content', page('/orders-and-returns'))).statusCode).toBe(201);
    expect((await staff.call('PUT', '/admin-content', page('/faq-archive'))).statusCode).toBe(201);
    expect(STOREFRONT_RESERVED_PATHS.length).toBeGreaterThan(20);
  });

  it('refuses paths that are not a clean path (400), for saving, reading and deleting alike', async () => {
    const staff = await staffApi(t);
    const bad = ['no-slash', '/', '/a//b', '/trailing/', '/with space', '/../etc', '/%2e%2e', '/x.html', '/-x', '/a?b=c', '/<script>', `/${'a'.repeat(201)}`, '/a\u0000b'];
    for (const path of bad) {
      const save = await staff.call('PUT', '/admin-content', page(path));
      expect(save.statusCode, path).toBe(400);
      expect((errorOf(save).details as { field: string }[]).map((field) => field.field)).toContain('path');
      expect((await staff.call('GET', `/admin-content/page?path=${encodeURIComponent(path)}`)).statusCode, path).toBe(400);
      expect((await staff.call('DELETE', `/admin-content/page?path=${encodeURIComponent(path)}`)).statusCode, path).toBe(400);
    }
    const missing = await staff.call('PUT', '/admin-content', { path: '/ok-path', html: '<p>x</p>' });
    expect(errorOf(missing).details).toEqual([{ field: 'title', message: 'is required' }]);
    expect((await staff.call('PUT', '/admin-content', { ...page('/ok-path'), updatedBy: 'someone' })).statusCode).toBe(400);
    expect((await staff.call('GET', '/admin-content/page?path=/ok-path')).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 without the CSRF token, and changes nothing', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin-content', payload: page('/sneaky') })).statusCode).toBe(401);
    const staff = await staffApi(t, { role: 'staff' });
    const refused = await staff.call('PUT', '/admin-content', page('/sneaky'), { csrf: false });
    expect(refused.statusCode).toBe(403);
    expect((await staff.call('DELETE', '/admin-content/page?path=/shipping', undefined, { csrf: false })).statusCode).toBe(403);
    expect((await served('/sneaky')).statusCode).toBe(404);
    expect((await served('/shipping')).statusCode).toBe(200);
    expect(await auditTrail(t.database.db, 'content_page', '/sneaky')).toEqual([]);
  });
});
