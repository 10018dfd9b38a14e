import type { Figures } from './load';

/**
 * The throughput, latency, CPU and memory targets the shop is held to, and how a figure is said beside its target:
 * met, or missed and by how much.
 */
export interface Row extends Figures {
  /** Requests/s over the bare server's in the same run (the API ceiling, or the same bytes for a page or a photo). */
  ratio?: number;
}

/** A limit on one figure. */
export interface Limit {
  /** As the tables name it, e.g. "p99 < 20 ms". */
  label: string;
  /** `min`: the figure must be at least the limit; `max`: below it (or at most it, with `inclusive`). */
  bound: 'min' | 'max';
  limit: number;
  inclusive?: boolean;
  /** How the figure is written, e.g. "0.58" or "17 ms". */
  format: (value: number) => string;
}

/** A limit on a figure of a row. */
export interface Target extends Limit {
  value: (row: Row) => number | undefined;
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const cpuMs = (micros: number) => `${(micros / 1000).toFixed(1)} ms`;

export const ratioAtLeastHalf: Target = { label: 'ratio ≥ 0.50', value: (row) => row.ratio, bound: 'min', limit: 0.5, inclusive: true, format: (value) => value.toFixed(2) };
export const p99Below = (limit: number): Target => ({ label: `p99 < ${limit} ms`, value: (row) => row.p99, bound: 'max', limit, format: ms });
/** The shop's own CPU per request (µs, all its processes), against a limit in ms. */
export const cpuAtMost = (limitMs: number): Target => ({
  label: `CPU ≤ ${limitMs} ms`,
  value: (row) => row.serverCpuMicros,
  bound: 'max',
  limit: limitMs * 1000,
  inclusive: true,
  format: cpuMs,
});
/** Resident memory in bytes, against a limit in MB. */
export const rssBelow = (limitMb: number): Limit => ({
  label: `resident < ${limitMb} MB`,
  bound: 'max',
  limit: limitMb * 2 ** 20,
  format: (bytes) => `${Math.round(bytes / 2 ** 20)} MB`,
});

/** The API's rows that have targets: the shop's hot reads as fast as half a bare route, and search on a large catalog. */
const apiTargets: [RegExp, Target[]][] = [
  [/^(GET \/api\/categories|GET \/api\/menu|category listing, 48 items \(cache warm\)|search "heart", 48 items \(cache warm\)|product detail \(cache warm\))$/, [ratioAtLeastHalf, p99Below(20)]],
  [/^search "heart", 48 items \(no cache\)$/, [p99Below(100)]],
];

export const apiTargetsOf = (name: string): Target[] => apiTargets.find(([pattern]) => pattern.test(name))?.[1] ?? [];

export interface Verdict {
  met: boolean | undefined;
  /** "met (0.58)", or "**missed**: 0.10, needs ≥ 0.50 (5.0x short)". */
  text: string;
}

/** A figure against its limit; a row with failed requests does not meet its targets, whatever its figures. */
export function check(target: Limit, value: number | undefined, failed = 0): Verdict {
  if (value === undefined || Number.isNaN(value)) return { met: undefined, text: 'not measured' };
  const holds = target.bound === 'min' ? value >= target.limit : target.inclusive ? value <= target.limit : value < target.limit;
  const failures = failed > 0 ? `, ${failed.toLocaleString('en-US')} failed requests` : '';
  if (holds && !failures) return { met: true, text: `met (${target.format(value)})` };
  if (holds) return { met: false, text: `**missed**: ${target.format(value)}${failures}` };
  const factor = target.bound === 'min' ? target.limit / value : value / target.limit;
  const how = target.bound === 'min' ? `${target.format(target.limit - value)} short` : `${target.format(value - target.limit)} over`;
  return { met: false, text: `**missed**: ${target.format(value)}, ${how} (${Number.isFinite(factor) ? factor.toFixed(1) : '∞'}x)${failures}` };
}

/** A row's figure against a target; a row that answered nothing meets none (its latencies are empty). */
export const checkRow = (target: Target, row: Row): Verdict =>
  row.requestsPerSecond === 0 ? { met: false, text: '**missed**: no request was answered in the row' } : check(target, target.value(row), row.failures);

/** The cells of a row's targets: "p99 < 20 ms: met (4 ms); ratio ≥ 0.50: **missed**: ...". */
export const verdicts = (targets: Target[], row: Row): string =>
  targets.length === 0 ? '-' : targets.map((target) => `${target.label}: ${checkRow(target, row).text}`).join('; ');
