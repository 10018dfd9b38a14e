/**
 * Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each text file of the built client, so the
 * server sends the copy a browser accepts as it is (@fastify/static `preCompressed`, server/storefront-plugin.ts)
 * instead of compressing the same bytes on every request. Run by `npm run build` after `react-router build`:
 *
 *   node --import tsx scripts/precompress.ts build/client
 *
 * Skipped: files under 1 KB (a copy would save less than a packet), files that are already compressed (fonts,
 * images), source maps (never sent to shoppers), and any copy that is not smaller than the file itself.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** What compresses: scripts, styles, SVG, JSON, text, XML, the web manifest, and HTML should the build make any. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.html']);
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface Precompressed {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

/** Compresses every eligible file under `dir`, a few at a time (zlib works on its thread pool). */
export async function precompressDirectory(dir: string): Promise<Precompressed[]> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE_EXTENSIONS.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
  const results: Precompressed[] = [];
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const result = await precompressFile(file);
      if (result) results.push({ ...result, file: relative(dir, file) });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

async function precompressFile(file: string): Promise<Precompressed | undefined> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return undefined;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const result: Precompressed = { file, bytes: bytes.length };
  if (br.length < bytes.length) {
    await writeFile(`${file}.br`, br);
    result.br = br.length;
  }
  if (gz.length < bytes.length) {
    await writeFile(`${file}.gz`, gz);
    result.gz = gz.length;
  }
  return result.br === undefined && result.gz === undefined ? undefined : result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: precompress.ts <directory>');
    process.exit(2);
  }
  const results = await precompressDirectory(dir);
  const total = (key: 'bytes' | 'br' | 'gz') => results.reduce((sum, result) => sum + (result[key] ?? 0), 0);
  console.log(`precompressed ${results.length} files in ${dir}: ${total('bytes')} bytes, ${total('br')} as .br, ${total('gz')} as .gz`);
}
