import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = 'export function add(a, b) { return a + b; }\n'.repeat(100);
const files: Record<string, string | Buffer> = {
  'assets/entry-abc123.js': script,
  'assets/root-abc123.css': '.header { color: #222; margin: 0 auto; }\n'.repeat(60),
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="4" cx="8" cy="8"/>'.repeat(60)}</svg>`,
  'assets/tiny-abc123.js': 'export const a = 1;\n',
  'assets/font-abc123.woff2': Buffer.alloc(4096),
  'assets/entry-abc123.js.map': '{"version":3}'.repeat(200),
  // Random bytes under a text name: no copy can be smaller.
  'assets/noise-abc123.js': randomBytes(4096),
};
for (const [name, content] of Object.entries(files)) {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  writeFileSync(join(dir, name), content);
}

describe('precompressDirectory', () => {
  it('writes .br and .gz copies of text files that decode to the same bytes', async () => {
    const results = await precompressDirectory(dir);
    expect(results.map((result) => result.file).sort()).toEqual(['assets/entry-abc123.js', 'assets/root-abc123.css', 'favicon.svg']);
    for (const result of results) {
      const original = readFileSync(join(dir, result.file));
      const br = readFileSync(join(dir, `${result.file}.br`));
      const gz = readFileSync(join(dir, `${result.file}.gz`));
      expect(brotliDecompressSync(br).equals(original), result.file).toBe(true);
      expect(gunzipSync(gz).equals(original), result.file).toBe(true);
      expect(br.length).toBeLessThan(original.length / 4);
      expect(result).toMatchObject({ bytes: original.length, br: br.length, gz: gz.length });
    }
  });

  it('leaves small files, fonts, source maps and files that do not shrink without copies', () => {
    for (const name of ['assets/tiny-abc123.js', 'assets/font-abc123.woff2', 'assets/entry-abc123.js.map', 'assets/noise-abc123.js']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });

  it('can run again over its own output: copies are not compressed again', async () => {
    await precompressDirectory(dir);
    expect(existsSync(join(dir, 'assets/entry-abc123.js.br.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/entry-abc123.js.gz.br'))).toBe(false);
  });
});
