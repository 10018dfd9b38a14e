/**
 * A contact sheet of product pictures with each product's name under its picture, to check by eye that every
 * picture shows what its name says:
 *   node --import tsx scripts/product-contact-sheet.ts [count=50] [metal-slug=sterling-silver] [out=/tmp/product-sheet.png]
 * Samples `count` products evenly across the standard seed catalog (every category, bracelets included), renders
 * them as the API does and screenshots the sheet with Debian's Chromium (CHROMIUM_PATH to use another).
 * PRODUCTS="name|name" draws those names instead, in the category of the catalog product of that name.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chooseProductDesign, designKey } from '../packages/art/src/product-design';
import { renderProductSvg } from '../packages/art/src/product-picture';
import { findMetalBySlug } from '../packages/domain/src/metals';
import { generateCatalog } from '../apps/api/src/db/seed/catalog/generate';

const count = Number(process.argv[2] ?? 50);
const metal = findMetalBySlug(process.argv[3] ?? 'sterling-silver');
const out = process.argv[4] ?? '/tmp/product-sheet.png';
if (!metal || !Number.isInteger(count) || count < 1) {
  console.error('usage: product-contact-sheet.ts [count] [metal-slug] [out.png]');
  process.exit(2);
}
const catalog = generateCatalog('standard', new Map());
const sample = process.env.PRODUCTS
  ? process.env.PRODUCTS.split('|').map((name) => {
      // A further design ("…, Design 9") is drawn in its subject's category.
      const known = catalog.find((product) => product.name === name.replace(/, Design \d+$/, ''));
      return { name, primaryCategory: known?.primaryCategory ?? '', kind: known?.kind ?? ('charm' as const), isPhotoArt: known?.isPhotoArt ?? false };
    })
  : Array.from({ length: count }, (_, i) => catalog[Math.floor(((i + 0.37) * catalog.length) / count)]!);
const cells = sample.map((product) => {
  const design = chooseProductDesign({ name: product.name, category: product.primaryCategory, kind: product.kind, isPhotoArt: product.isPhotoArt });
  const svg = renderProductSvg(design, metal.colour, 150);
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<figure><img width="150" height="150" alt="" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"><figcaption>${escape(product.name)}<small>${escape(designKey(design))} · ${(svg.length / 1024).toFixed(1)} KB</small></figcaption></figure>`;
});
const html = `<!doctype html><meta charset="utf-8"><style>
body{margin:12px;font:12px Georgia,serif;background:#fbf8f3;color:#2b2320}
main{display:grid;grid-template-columns:repeat(10,1fr);gap:8px}
figure{margin:0;background:#fff;border:1px solid #eadfd2;border-radius:6px;padding:4px;text-align:center}
figcaption{min-height:3em}small{display:block;color:#8a7d70;font:9px sans-serif;word-break:break-all}
</style><main>${cells.join('')}</main>`;
writeFileSync('/tmp/product-sheet.html', html);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1800, height: 900 } });
  await page.setContent(html);
  await page.screenshot({ path: out, fullPage: true });
} finally {
  await browser.close();
}
console.log(`${sample.length} products in ${metal.name} drawn to ${out}`);
