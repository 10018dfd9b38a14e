/**
 * CPU time and size of compressing answers at several Brotli qualities, gzip and Zstandard levels: what choosing a level for
 * answers compressed on every request costs (apps/api/src/plugins/compression.ts, docs/decisions/0029-bytes-compression.md).
 * CPU time (process.cpuUsage: user + system, every thread of the process) hardly depends on what else the machine runs.
 *
 *   curl -s http://127.0.0.1:3000/products/category/Dog-Charms > /tmp/listing.html
 *   node --import tsx scripts/compression-cost.ts /tmp/listing.html /tmp/products.json
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';

const levels: { name: string; compress: (bytes: Buffer) => Buffer }[] = [
  ...[1, 2, 3, 4, 5, 6, 11].map((quality) => ({
    name: `br ${quality}`,
    compress: (bytes: Buffer) =>
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
  })),
  ...[1, 3, 4, 5, 6, 9].map((level) => ({ name: `gzip ${level}`, compress: (bytes: Buffer) => gzipSync(bytes, { level }) })),
  ...[1, 2, 3, 4, 5, 6, 19].map((level) => ({
    name: `zstd ${level}`,
    compress: (bytes: Buffer) => zstdCompressSync(bytes, { params: { [constants.ZSTD_c_compressionLevel]: level } }),
  })),
];

/** Microseconds of CPU per compression, the median of 5 rounds of at least 200 ms each. */
function cpuMicroseconds(compress: () => void): number {
  for (let i = 0; i < 5; i++) compress();
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = process.cpuUsage();
    let runs = 0;
    let used = 0;
    while (used < 200_000) {
      compress();
      runs++;
      const spent = process.cpuUsage(start);
      used = spent.user + spent.system;
    }
    rounds.push(used / runs);
  }
  return rounds.sort((a, b) => a - b)[2]!;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: compression-cost.ts <file>...');
  process.exit(2);
}
for (const file of files) {
  const bytes = readFileSync(file);
  console.log(`\n${basename(file)}: ${bytes.length} bytes\n`);
  console.log('| level | CPU per answer | bytes | of original |');
  console.log('|---|---:|---:|---:|');
  for (const level of levels) {
    const size = level.compress(bytes).length;
    const micros = cpuMicroseconds(() => level.compress(bytes));
    console.log(`| ${level.name} | ${(micros / 1000).toFixed(3)} ms | ${size} | ${((100 * size) / bytes.length).toFixed(1)}% |`);
  }
}
