import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { openDatabase } from '../src/db/client';

// The embedded database must never be opened by two processes (the running shop and admin:create, say): PGlite does
// not stop them, and two writers corrupt the data directory.
describe('the embedded database is one process’s', () => {
  const root = mkdtempSync(join(tmpdir(), 'charms-lock-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses to open a data directory another running process holds, naming it', async () => {
    const dataDir = join(root, 'held');
    mkdirSync(dataDir);
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dataDir, 'charms.pid'), String(holder.pid));
      const opening = openDatabase({ dataDir });
      await expect(opening).rejects.toBeInstanceOf(ConfigError);
      await expect(opening).rejects.toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that is gone, and lets go of it when closed', async () => {
    const dataDir = join(root, 'stale');
    mkdirSync(dataDir);
    const gone = spawn('true');
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dataDir, 'charms.pid'), String(gone.pid));
    const database = await openDatabase({ dataDir });
    await database.ping();
    expect(existsSync(join(dataDir, 'charms.pid'))).toBe(true);
    await database.close();
    expect(existsSync(join(dataDir, 'charms.pid'))).toBe(false);
  }, 60_000);
});
