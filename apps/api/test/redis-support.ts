import { createServer } from 'node:net';

/** A redis:// URL on a port where nothing listens (taken from the system, then closed): Redis being down, for real. */
export async function unreachableRedisUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}
