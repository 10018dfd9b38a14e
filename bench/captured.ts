import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';

/**
 * A response as the shop sent it: status, headers and the body's bytes as they came over the wire (still
 * compressed, if they were). The bare server (serve.ts, BENCH_SERVE=static) answers with exactly these, so a
 * page's row can be read against what serving the same bytes costs at all.
 */
export interface Captured {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Headers about this connection or this moment, which the bare server writes itself (and the body's length). */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** One GET, read raw: Node's http client does not decompress, unlike fetch. */
export function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const kept = Object.entries(response.headers).filter(([name, value]) => value !== undefined && !perConnection.has(name));
          resolve({
            status: response.statusCode ?? 0,
            headers: { ...Object.fromEntries(kept as [string, string | string[]][]), 'content-length': String(body.length) },
            body,
          });
        });
      })
      .on('error', reject);
  });
}

/** A header's value as one string ('' when absent). */
export const headerOf = (captured: Captured, name: string): string => [captured.headers[name] ?? ''].flat().join(', ');

export function writeCaptured(file: string, responses: Map<string, Captured>): void {
  const entries = [...responses].map(([path, { status, headers, body }]) => [path, { status, headers, body: body.toString('base64') }]);
  writeFileSync(file, JSON.stringify(Object.fromEntries(entries)));
}

export function readCaptured(file: string): Map<string, Captured> {
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Omit<Captured, 'body'> & { body: string }>;
  return new Map(Object.entries(stored).map(([path, { status, headers, body }]) => [path, { status, headers, body: Buffer.from(body, 'base64') }]));
}
