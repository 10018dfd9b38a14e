import type { LighthouseRow } from './lighthouse';
import { FLAT_GROWTH, type Soak, sparkline } from './memory';
import type { PageRow, PagesResult } from './pages';
import { cachedTargets, uncachedTargets } from './pages';
import { type Limit, type Row, type Target, apiTargetsOf, check, checkRow, rssBelow, verdicts } from './targets';

/** The tables of docs/benchmarks.md, from one catalog's results or from both side by side. */
export interface CatalogResult {
  size: string;
  products: number;
  /** The API's rows, the ceiling first. */
  rows: Row[];
  pages?: PagesResult;
  /** The shops' resident memory (all their processes) after the catalog's rows, and how many processes that was. */
  memory?: { cached?: number; uncached?: number; cachedRss?: number; uncachedRss?: number; processes: number };
}

export const rssTarget: Limit = rssBelow(400);
const number = (value: number) => value.toLocaleString('en-US');
const cpu = (micros: number | undefined) => (micros === undefined ? '-' : number(micros));
const mb = (bytes: number | undefined) => (bytes === undefined ? '-' : `${Math.round(bytes / 2 ** 20)} MB`);

export function apiTable(rows: Row[]): string {
  return [
    '| call | requests/s | p50 ms | p99 ms | ratio to ceiling | API CPU µs/request | PostgreSQL CPU µs/request | failures | targets |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${number(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${row.ratio?.toFixed(2) ?? '-'} | ${cpu(row.serverCpuMicros)} | ${cpu(row.databaseCpuMicros)} | ${row.failures} | ${verdicts(apiTargetsOf(row.name), row)} |`,
    ),
  ].join('\n');
}

const pageName = (row: PageRow) => row.name.replace(/^page /, '').replace(/ \((cached|no page cache)\)$/, '');

function besideTable(rows: PageRow[], what: string): string {
  return [
    `| ${what} | bytes sent | X-Page-Cache | requests/s | p50 ms | p99 ms | bare server requests/s | bare p99 ms | ratio | shop CPU µs/request | failures | target |`,
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${pageName(row)} \`${row.path}\` | ${number(row.bytes)} (${row.encoding}) | ${row.pageCache} | ${number(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${number(row.bare!.requestsPerSecond)} | ${row.bare!.p99} | ${row.ratio!.toFixed(2)} | ${cpu(row.serverCpuMicros)} | ${row.failures} | ${verdicts(cachedTargets, row)} |`,
    ),
  ].join('\n');
}

export function pagesTables(pages: PagesResult): string {
  const uncached = [
    '| page | bytes sent | X-Page-Cache | requests/s | p50 ms | p99 ms | shop CPU ms/request | PostgreSQL CPU ms/request | failures | targets |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---|',
    ...pages.uncached.map(
      (row) =>
        `| ${pageName(row)} \`${row.path}\` | ${number(row.bytes)} (${row.encoding}) | ${row.pageCache} | ${number(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${row.serverCpuMicros === undefined ? '-' : (row.serverCpuMicros / 1000).toFixed(2)} | ${row.databaseCpuMicros === undefined ? '-' : (row.databaseCpuMicros / 1000).toFixed(2)} | ${row.failures} | ${verdicts(uncachedTargets, row)} |`,
    ),
  ].join('\n');
  return [
    '#### Cached pages, beside a bare server sending the same bytes',
    pages.cached.length > 0 ? besideTable(pages.cached, 'page') : '(not measured in this run)',
    '#### Uncached pages (a shop with `PAGE_CACHE_MAX_BYTES=0`: every request renders)',
    pages.uncached.length > 0 ? uncached : '(not measured in this run)',
    '#### Images: a product photo from `/api/media`, beside a bare server sending the same bytes',
    pages.images.length > 0 ? besideTable(pages.images, 'photo') : `(no row: ${pages.imagesSkipped ?? 'not measured in this run'})`,
  ].join('\n\n');
}

/** Every row of one catalog, by name, for the growth and summary tables. */
function rowsOf(result: CatalogResult): Map<string, Row> {
  const rows = [...result.rows, ...(result.pages ? [...result.pages.cached, ...result.pages.uncached, ...result.pages.images] : [])];
  // A checkout row's name ends with what it placed (": 3000 orders paid, 374 orders/s"): the same row either way.
  return new Map(rows.map((row) => [row.name.replace(/: \d+ orders paid.*$/, ''), row]));
}

/**
 * How much worse a row does on the large catalog: requests/s (small over large) and the server's CPU per request
 * (large over small), whichever grew more. Offered rows run at a fixed rate: their CPU tells.
 */
function growthFactor(small: Row, large: Row): number {
  const throughput = large.requestsPerSecond > 0 ? small.requestsPerSecond / large.requestsPerSecond : Number.POSITIVE_INFINITY;
  const work = small.serverCpuMicros && large.serverCpuMicros !== undefined ? large.serverCpuMicros / small.serverCpuMicros : 0;
  return Math.max(throughput, work);
}

export function growthTable(small: CatalogResult, large: CatalogResult): string {
  const larges = rowsOf(large);
  const lines = [...rowsOf(small)].flatMap(([name, row]) => {
    const other = larges.get(name);
    if (!other) return [];
    const factor = growthFactor(row, other);
    const verdict =
      row.requestsPerSecond === 0 || other.requestsPerSecond === 0
        ? '**no**: a catalog\'s row answered no request'
        : factor <= 2
          ? `yes (${factor.toFixed(2)}x)`
          : `**no**: ${factor.toFixed(2)}x, ${(factor - 2).toFixed(2)}x over`;
    return [`| ${name} | ${number(row.requestsPerSecond)} | ${number(other.requestsPerSecond)} | ${cpu(row.serverCpuMicros)} | ${cpu(other.serverCpuMicros)} | ${verdict} |`];
  });
  const memory = small.memory?.cached && large.memory?.cached ? large.memory.cached / small.memory.cached : undefined;
  const memoryLine =
    memory === undefined
      ? []
      : [`| resident memory of the shop after the run | ${mb(small.memory!.cached)} | ${mb(large.memory!.cached)} | | | ${memory <= 2 ? 'yes' : '**no**'} (${memory.toFixed(2)}x) |`];
  return [
    `| row | ${number(small.products)}: requests/s | ${number(large.products)}: requests/s | ${number(small.products)}: server CPU µs/request | ${number(large.products)}: server CPU µs/request | large within 2x of small |`,
    '|---|---:|---:|---:|---:|---|',
    ...lines,
    ...memoryLine,
  ].join('\n');
}

export function memoryTable(results: CatalogResult[]): string {
  if (!results.some((result) => result.memory)) return '(The shop did not run: BENCH_ONLY asked for no page row, soak or Lighthouse.)';
  return [
    '| catalog | shop processes | shop (page cache on) | its RSS summed | shop (page cache off) | its RSS summed | target |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...results
      .filter((result) => result.memory)
      .map(
        ({ products, memory }) =>
          `| ${number(products)} products | ${memory!.processes} | ${mb(memory!.cached)} | ${mb(memory!.cachedRss)} | ${mb(memory!.uncached)} | ${mb(memory!.uncachedRss)} | ${rssTarget.label}: ${check(rssTarget, memory!.cached).text} |`,
      ),
  ].join('\n');
}

export function soakSection(result: Soak, catalog: string, svgFile: string | undefined): string {
  const flat = result.growth < FLAT_GROWTH;
  const samples = result.samples.map((s) => `| ${s.at} | ${Math.round(s.rssBytes / 2 ** 20)} |`);
  return `Soak: ${result.seconds} s on the ${catalog} catalog's shop (page cache on), ${result.rate} requests/s offered (\`bench/paced.ts\`), half pages
(home, listings, searches, content, and about 200 product pages in turn) and half API calls (categories, menu, listings,
search, product details), after one unrecorded pass over the mix (the soak measures the shop warm); answered
${number(result.load.requestsPerSecond)} requests/s, p50 ${result.load.p50} ms, p99 ${result.load.p99} ms, ${result.load.failures} failed.
Resident memory of all the shop's processes every few seconds:

\`${sparkline(result)}\` (${mb(Math.min(...result.samples.map((s) => s.rssBytes)))} to ${mb(Math.max(...result.samples.map((s) => s.rssBytes)))})
${svgFile ? `\n![Resident memory during the soak](${svgFile})\n` : ''}
Flat (the last ${Math.round(result.windowSeconds)} s within ${FLAT_GROWTH * 100}% of the first ${Math.round(result.windowSeconds)} s): ${
    flat ? `**yes** (${(result.growth * 100).toFixed(1)}%)` : `**no**: ${(result.growth * 100).toFixed(1)}%, ${((result.growth - FLAT_GROWTH) * 100).toFixed(1)} points over`
  }

<details><summary>The samples</summary>

| seconds | resident MB |
|---:|---:|
${samples.join('\n')}

</details>`;
}

/** Every target of the issue, one line each, each catalog's figure beside it. */
export function summaryTable(results: CatalogResult[], soaked: { result: Soak; catalog: string } | undefined, lighthouse: string): string {
  const header = `| figure | target | ${results.map((result) => `${number(result.products)} products`).join(' | ')} |`;
  const lines: string[] = [header, `|---|---|${results.map(() => '---|').join('')}`];
  const byName = results.map(rowsOf);
  const names = [...new Set(byName.flatMap((rows) => [...rows.keys()]))];
  const targetsOf = (name: string): Target[] =>
    name.startsWith('page ') ? (name.endsWith('(cached)') ? cachedTargets : uncachedTargets) : name.startsWith('image ') ? cachedTargets : apiTargetsOf(name);
  for (const name of names) {
    for (const target of targetsOf(name)) {
      const cells = byName.map((rows) => {
        const row = rows.get(name);
        return row ? checkRow(target, row).text : 'not run';
      });
      lines.push(`| ${name} | ${target.label} | ${cells.join(' | ')} |`);
    }
  }
  lines.push(`| resident memory of the shop after the run | ${rssTarget.label} | ${results.map((result) => check(rssTarget, result.memory?.cached).text).join(' | ')} |`);
  if (soaked) {
    const flat = soaked.result.growth < FLAT_GROWTH;
    const cells = results.map((result) =>
      result.size === soaked.catalog ? `${flat ? 'met' : '**missed**'} (${(soaked.result.growth * 100).toFixed(1)}% over ${soaked.result.seconds} s)` : '-',
    );
    lines.push(`| memory over the soak | flat (< ${FLAT_GROWTH * 100}% growth) | ${cells.join(' | ')} |`);
  }
  const last = results.at(-1);
  lines.push(`| Lighthouse (6 pages) | 100 in all four categories, LCP < 1.5 s, CLS < 0.02 | ${results.map((result) => (result === last ? lighthouse : '-')).join(' | ')} |`);
  return lines.join('\n');
}

const lighthouseLimits: [Limit, (row: LighthouseRow) => number][] = [
  ...(
    [
      ['performance', 'performance'],
      ['accessibility', 'accessibility'],
      ['bestPractices', 'best practices'],
      ['seo', 'SEO'],
    ] as const
  ).map(
    ([category, name]): [Limit, (row: LighthouseRow) => number] => [{ label: `${name} 100`, bound: 'min', limit: 100, inclusive: true, format: String }, (row) => row[category]],
  ),
  [{ label: 'LCP < 1.5 s', bound: 'max', limit: 1500, format: (ms) => `${(ms / 1000).toFixed(2)} s` }, (row) => row.lcpMs],
  [{ label: 'CLS < 0.02', bound: 'max', limit: 0.02, format: (cls) => cls.toFixed(3) }, (row) => row.cls],
];

const missedLimits = (row: LighthouseRow) =>
  lighthouseLimits.flatMap(([limit, read]) => {
    const verdict = check(limit, read(row));
    return verdict.met ? [] : [`${limit.label}: ${verdict.text}`];
  });

/** Each page against the Lighthouse targets: met, or what it misses and by how much, and the audits that cost it. */
export function lighthouseVerdicts(rows: LighthouseRow[]): string {
  return [
    `| page | targets (${lighthouseLimits.map(([limit]) => limit.label).join(', ')}) | audits scored below 0.9 |`,
    '|---|---|---|',
    ...rows.map((row) => {
      const missed = missedLimits(row);
      return `| ${row.page} | ${missed.length === 0 ? 'all met' : missed.join('; ')} | ${row.failing.length === 0 ? '-' : row.failing.join(', ')} |`;
    }),
  ].join('\n');
}

export const lighthouseSummary = (rows: LighthouseRow[]): string => {
  const met = rows.filter((row) => missedLimits(row).length === 0).length;
  return met === rows.length ? `met on all ${rows.length} pages` : `**missed** on ${rows.length - met} of ${rows.length} pages (see Lighthouse)`;
};
