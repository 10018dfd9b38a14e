import { paced } from './paced';
import { treeResidentBytes } from './proc';

/**
 * The soak: a moderate mixed load (pages and API calls, at evenly spaced times) on the running shop for a while,
 * its resident memory (all its processes) sampled every few seconds. A shop that keeps something per request, or
 * a cache without bound, shows as a curve that keeps rising.
 */
export interface SoakRequest {
  path: string;
  headers: Record<string, string>;
}

export interface Soak {
  seconds: number;
  rate: number;
  /** Seconds since the start, and the shop's resident memory then (its processes' Pss summed: proc.ts). */
  samples: { at: number; rssBytes: number }[];
  load: { requestsPerSecond: number; p50: number; p99: number; failures: number };
  /** Last window's mean over the first window's, minus 1 (0.05: 5% more memory at the end). */
  growth: number;
  /** The window compared at each end: a minute, or a third of a shorter soak. */
  windowSeconds: number;
}

/** "Flat": the last minute's memory within this fraction of the first minute's. */
export const FLAT_GROWTH = 0.1;

/** Each request of the mix once, a few at a time, unrecorded: the soak measures the shop warm, its caches filled. */
async function warm(url: string, requests: SoakRequest[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { path, headers } = requests[next++]!;
      await fetch(new URL(path, url), { headers }).then((response) => response.arrayBuffer(), () => undefined);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

export async function soak(options: { url: string; pid: number; seconds: number; rate: number; everySeconds: number; requests: SoakRequest[] }): Promise<Soak> {
  await warm(options.url, options.requests);
  const samples: Soak['samples'] = [];
  const started = Date.now();
  const sample = () => samples.push({ at: Math.round((Date.now() - started) / 1000), rssBytes: treeResidentBytes(options.pid) ?? 0 });
  sample();
  const timer = setInterval(sample, options.everySeconds * 1000);
  const load = await paced({
    url: options.url,
    method: 'GET',
    rate: options.rate,
    seconds: options.seconds,
    connections: 32,
    request: (index) => options.requests[index % options.requests.length]!,
  });
  clearInterval(timer);
  if (Date.now() - started - samples.at(-1)!.at * 1000 > 1000) sample();
  const windowSeconds = Math.min(60, options.seconds / 3);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  const end = samples.at(-1)!.at;
  const first = mean(samples.filter((s) => s.at <= windowSeconds).map((s) => s.rssBytes));
  const last = mean(samples.filter((s) => s.at >= end - windowSeconds).map((s) => s.rssBytes));
  return { seconds: options.seconds, rate: options.rate, samples, load, growth: last / first - 1, windowSeconds };
}

const mb = (bytes: number) => bytes / 2 ** 20;

/** A line chart of the samples, as an SVG file of its own (docs/benchmarks-memory.svg). */
export function memorySvg(result: Soak, title: string): string {
  const [width, height, left, bottom, top, right] = [720, 260, 56, 36, 40, 16];
  const values = result.samples.map((s) => mb(s.rssBytes));
  const low = Math.max(0, Math.floor((Math.min(...values) * 0.9) / 10) * 10);
  const high = Math.ceil((Math.max(...values) * 1.05) / 10) * 10;
  const end = Math.max(1, result.samples.at(-1)!.at);
  const x = (at: number) => left + ((width - left - right) * at) / end;
  const y = (value: number) => height - bottom - ((height - bottom - top) * (value - low)) / Math.max(1, high - low);
  const points = result.samples.map((s) => `${x(s.at).toFixed(1)},${y(mb(s.rssBytes)).toFixed(1)}`).join(' ');
  const ticks = [low, (low + high) / 2, high].map(
    (value) => `<line x1="${left}" x2="${width - right}" y1="${y(value)}" y2="${y(value)}" stroke="#ddd"/><text x="${left - 6}" y="${y(value) + 4}" text-anchor="end">${Math.round(value)} MB</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#fff"/>
<text x="${left}" y="18" font-weight="bold">${title}</text>
${ticks.join('\n')}
<text x="${left}" y="${height - 10}">0 s</text>
<text x="${width - right}" y="${height - 10}" text-anchor="end">${end} s</text>
<polyline fill="none" stroke="#b0306a" stroke-width="2" points="${points}"/>
</svg>
`;
}

/** The curve in one line of text: ▁▂▃▄▅▆▇█ from 90% of the highest sample (or the lowest, if lower) to the highest. */
export function sparkline(result: Soak): string {
  const values = result.samples.map((s) => s.rssBytes);
  // Scaled to at least a tenth of the highest value, so a few megabytes of noise do not look like a climb.
  const high = Math.max(...values);
  const low = Math.min(...values, high * 0.9);
  return values.map((value) => '▁▂▃▄▅▆▇█'[high === low ? 0 : Math.round(((value - low) / (high - low)) * 7)]).join('');
}
