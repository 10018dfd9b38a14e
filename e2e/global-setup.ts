import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the built shop on a free port with a fresh embedded database, and hands its address to the tests
 * through E2E_BASE_URL (and its DATA_DIR through E2E_DATA_DIR). Before it starts, `admin:create` makes an owner
 * account with a password made for this run, handed on as E2E_STAFF_EMAIL and E2E_STAFF_PASSWORD (the admin's tests
 * sign in with it). Set E2E_BASE_URL (and E2E_DATA_DIR, E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD) yourself to test a shop
 * that is already running.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'charms-e2e-'));
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  const staff = { email: 'owner@e2e.example', password: randomBytes(18).toString('base64url') };
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/staff/admin-create.ts', `--email=${staff.email}`, `--password=${staff.password}`, '--role', 'owner', '--name', 'Robin Owner'],
    { env, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`admin:create failed:\n${created.stdout}${created.stderr}`);
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/support/seed-settings.ts', dataDir], { env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed-settings failed:\n${seeded.stdout}${seeded.stderr}`);
  process.env.E2E_STAFF_EMAIL = staff.email;
  process.env.E2E_STAFF_PASSWORD = staff.password;
  const server: ChildProcess = spawn(process.execPath, ['apps/web/build/server/index.js'], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
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
