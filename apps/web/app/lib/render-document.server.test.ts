import { describe, expect, it } from 'vitest';
import { handoffScripts, holdScriptsUntilPainted as holdScripts } from './render-document.server';
import { HELD_SCRIPT_TYPE, START_SCRIPTS_AFTER_PAINT } from './scripts-after-paint';

/** The function on text, as the tests read it (it works on the page's bytes). */
const holdScriptsUntilPainted = (html: string, beforeBodyEnd?: string) => holdScripts(Buffer.from(html), beforeBodyEnd).toString();

const MODULE_TEXT = 'import * as route0 from "/assets/root-a.js";\nimport("/assets/entry.client-b.js");';

/** A page as React Router's `<Scripts>` writes it (React hoists the module preloads into the head). */
const page = (moduleScripts: string) =>
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-b.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/framework-c.js" nonce="n0nce"/><link rel="stylesheet" href="/assets/root-d.css"/></head>' +
  `<body><main>Charms</main><script nonce="n0nce">window.__reactRouterContext = {};</script>${moduleScripts}</body></html>`;

describe('holding a page’s scripts until it has painted', () => {
  it('takes the module preloads out and holds the module script, naming them, with the starter after it under the same nonce', () => {
    const held = holdScriptsUntilPainted(page(`<script nonce="n0nce" type="module" async="">${MODULE_TEXT}</script>`));
    expect(held).not.toContain('rel="modulepreload"');
    expect(held).not.toContain('type="module"');
    expect(held).toContain('<link rel="stylesheet" href="/assets/root-d.css"/>');
    expect(held).toContain(
      `<script nonce="n0nce" type="${HELD_SCRIPT_TYPE}" data-modulepreload="/assets/entry.client-b.js /assets/framework-c.js">${MODULE_TEXT}</script>` +
        `<script nonce="n0nce">${START_SCRIPTS_AFTER_PAINT}</script></body>`,
    );
    // The classic inline scripts (React Router's context, its loader data) run as they did.
    expect(held).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
  });

  it('leaves a page with no module script, or with more than one, as it is', () => {
    const none = page('');
    expect(holdScriptsUntilPainted(none)).toBe(none);
    const two = page(`<script type="module">${MODULE_TEXT}</script><script type="module">import "/x.js";</script>`);
    expect(holdScriptsUntilPainted(two)).toBe(two);
  });

  it('adds what it is given before </body>, after the starter, on a page with or without a module script', () => {
    const data = '<script nonce="n0nce">window.data = 1;</script>';
    const held = holdScriptsUntilPainted(page(`<script nonce="n0nce" type="module" async="">${MODULE_TEXT}</script>`), data);
    expect(held.endsWith(`<script nonce="n0nce">${START_SCRIPTS_AFTER_PAINT}</script>${data}</body></html>`)).toBe(true);
    expect(holdScriptsUntilPainted(page(''), data)).toBe(page('').replace('</body>', `${data}</body>`));
  });

  it('keeps every character of a page past U+00FF as it was (the page is cut as bytes)', () => {
    const text = '<main>1997–2026 · Sweetheart’s “Charm” ♥ 🐾</main>';
    const held = holdScriptsUntilPainted(page(`<script nonce="n0nce" type="module">${MODULE_TEXT}</script>`).replace('<main>Charms</main>', text));
    expect(held).toContain(text);
    expect(held).toContain(`data-modulepreload="/assets/entry.client-b.js /assets/framework-c.js">${MODULE_TEXT}</script>`);
  });

  it('has a starter browsers can parse', () => {
    expect(() => new Function(START_SCRIPTS_AFTER_PAINT)).not.toThrow();
  });
});

describe('the loader data scripts', () => {
  /** Runs the scripts as the browser would, against a stream controller that records what it is handed. */
  const run = (scripts: string) => {
    const enqueued: string[] = [];
    let closed = false;
    const window = { __reactRouterContext: { streamController: { enqueue: (chunk: string) => enqueued.push(chunk), close: () => (closed = true) } } };
    for (const [, text] of scripts.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) new Function('window', text!)(window);
    return { enqueued, closed };
  };

  it('hands the browser each chunk of the stream exactly, then closes it, under the page’s nonce', () => {
    const chunks = ['[{"_1":2},"loaderData",{"name":"Paw </script><script>alert(1)</script> & “Heart” – \u2028 \u2029 ♥"}]\n', '', 'P1:[3]\n', ''];
    const scripts = handoffScripts(chunks, 'n0nce');
    expect(run(scripts)).toEqual({ enqueued: [chunks[0], chunks[2]], closed: true });
    // Nothing in a chunk can end its script early or start a tag.
    expect(scripts.match(/<\/script>/g)).toHaveLength(3);
    expect(scripts.match(/<script nonce="n0nce">/g)).toHaveLength(3);
    expect(scripts).not.toContain('alert(1)</script>');
  });

  it('writes React Router’s own text for a chunk (its escapeHtml of the JSON string)', () => {
    expect(handoffScripts(['a<b>&c\u2028'], undefined)).toBe(
      '<script>window.__reactRouterContext.streamController.enqueue("a\\u003cb\\u003e\\u0026c\\u2028");</script>' +
        '<script>window.__reactRouterContext.streamController.close();</script>',
    );
  });
});
