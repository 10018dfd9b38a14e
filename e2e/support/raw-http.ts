import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One HTTP request to the shop from a chosen local address. Every 127.x.y.z address is this machine, so a test
 * can be several shoppers at different client addresses without a proxy, a fixed port or a forged header.
 */
export function send(options: { from?: string; method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawResponse> {
  const base = new URL(process.env.E2E_BASE_URL!);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: base.hostname, port: base.port, method: options.method ?? 'GET', path: options.path, headers: options.headers, ...(options.from ? { localAddress: options.from } : {}) },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
