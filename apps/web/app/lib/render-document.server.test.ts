import { describe, expect, it } from 'vitest';
import { holdScriptsUntilPainted } from './render-document.server';
import { HELD_SCRIPT_TYPE, START_SCRIPTS_AFTER_PAINT } from './scripts-after-paint';

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

  it('has a starter browsers can parse', () => {
    expect(() => new Function(START_SCRIPTS_AFTER_PAINT)).not.toThrow();
  });
});
