import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the built shop on a free port with a fresh embedded database, and hands its address to the tests
 * through E2E_BASE_URL (and its DATA_DIR through E2E_DATA_DIR). Set E2E_BASE_URL (and E2E_DATA_DIR) yourself to test a
 * shop that is already running.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'charms-e2e-'));
  const server: ChildProcess = spawn(process.execPath, ['apps/web/build/server/index.js'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The shop did not start within 120 s')), 120_000);
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /open at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    server.on('exit', (code) => reject(new Error(`The shop exited with code ${code} before starting:\n${output}`)));
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir; // the shop's data, e.g. its email outbox (DATA_DIR/outbox)
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
