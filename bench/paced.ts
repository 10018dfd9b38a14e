import http from 'node:http';

/**
 * An open-loop load: requests start at evenly spaced times (rate per second) over at most `connections`
 * keep-alive connections, whatever the answers take. Each latency counts from the request's scheduled start,
 * so time spent waiting for a free connection counts too (no coordinated omission). This is the latency a
 * shopper sees at that traffic; autocannon's own rate limit sends each second's requests in a burst instead.
 */
export interface PacedLoad {
  url: string;
  method: string;
  rate: number;
  seconds: number;
  connections: number;
  /** The headers and body of the i-th request, and its path when it is not the url's (a mixed load). */
  request: (index: number) => { headers: Record<string, string>; body?: string; path?: string };
  /** A fixed number of requests instead of rate x seconds. */
  amount?: number;
}

export async function paced(load: PacedLoad): Promise<{ requestsPerSecond: number; p50: number; p99: number; failures: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections });
  const url = new URL(load.url);
  const total = load.amount ?? Math.round(load.rate * load.seconds);
  const interval = 1000 / load.rate;
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();

  const send = (index: number, scheduled: number) =>
    new Promise<void>((resolve) => {
      const { headers, body, path } = load.request(index);
      const request = http.request(
        { agent, method: load.method, hostname: url.hostname, port: url.port, path: path ?? url.pathname + url.search, headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - scheduled);
            if ((response.statusCode ?? 500) >= 400) failures++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        failures++;
        resolve();
      });
      request.end(body);
    });

  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const scheduled = started + index * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(index, scheduled));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { requestsPerSecond: Math.round(total / elapsed), p50: at(0.5), p99: at(0.99), failures };
}
