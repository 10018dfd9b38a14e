import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The servers under load, each in its own process so the load generator does not share its event loop: bench/serve.ts
 * (the API alone, the bare ceilings), and the built shop (`npm run serve`: apps/web/build/server/index.js, storefront
 * and API in one server, or a cluster of them when WEB_CONCURRENCY says so), on free loopback ports.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'apps/web/build/server/index.js');
/** What the build is made from: a file here newer than the build means the build is stale. */
const sources = ['apps/web/app', 'apps/web/server', 'apps/web/public', 'apps/web/vite.config.ts', 'apps/web/react-router.config.ts', 'apps/api/src', 'packages'].map(
  (path) => join(root, path),
);

export interface Server {
  url: string;
  /** The server's first process: with a cluster, the primary, whose children are the workers. */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts bench/serve.ts in its own process; BENCH_PROFILE=1 writes a CPU profile of each to bench/profiles/.
 * `checkout`: another checkout of the repository whose serve.ts (and API) to start, to compare two commits.
 */
export async function serve(env: Record<string, string>, checkout = root): Promise<Server> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', fileURLToPath(new URL('./profiles', import.meta.url))] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(checkout, 'bench/serve.ts')], {
    cwd: checkout,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.add(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before listening`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { url, pid: child.pid!, stop: () => (child.kill('SIGTERM'), exited.then(() => void started.delete(child))) };
}

const started = new Set<ChildProcess>();
// A harness that fails half-way leaves no server running behind it.
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

function newestSourceTime(path: string): number {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestSourceTime(join(path, entry.name)));
  }
  return newest;
}

/** Builds the shop (`npm run build`) when there is no build, or one older than its sources: never measure stale code. */
export function ensureBuild(): void {
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  if (built > Math.max(...sources.map(newestSourceTime))) return;
  console.log(built ? 'The build is older than its sources: npm run build...' : 'No build yet: npm run build...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the built shop with this environment (DATABASE_URL, DATA_DIR, ...); resolves once /api/health answers. */
export async function startShop(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: url, PAYMENT_GATEWAY: 'test', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  for (const deadline = Date.now() + 120_000; ; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (gone) throw new Error(`the shop exited before answering:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the shop did not answer within 120 s:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then((response) => response.ok, () => false);
    if (healthy) break;
  }
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    started.delete(child);
  };
  return { url, pid: child.pid!, stop };
}
