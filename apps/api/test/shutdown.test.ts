import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestDatabase } from './helper';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then closes the database', async () => {
    const { database, drop } = await createTestDatabase();
    let databaseClosed = false;
    const app = await buildApp({
      config: loadConfig({}),
      logger: false,
      database: {
        ...database,
        close: async () => {
          databaseClosed = true;
          await database.close();
        },
      },
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const handling = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/slow', async () => {
      arrived();
      await released;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const inFlight = fetch(`${base}/slow`);
    // Close once the request is being handled (a fixed wait let a busy machine close before it arrived).
    await handling;
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(databaseClosed).toBe(false);
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    expect(databaseClosed).toBe(true);
    await drop();
  });

  it('the API process exits cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'charms-shutdown-'));
    const server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/server.ts', import.meta.url))], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 60_000);
      server.stdout.on('data', () => {
        if (output.includes('Server listening')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    server.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('shutting down');
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('a bad configuration stops the start with a message naming the variable', async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/server.ts', import.meta.url))], {
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT:');
  }, 30_000);
});
