import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { auditTrail } from '../src/staff/audit';
import { findStaffByEmail } from '../src/staff/accounts';

const ROOT = resolve(import.meta.dirname, '../../..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const dataDir = mkdtempSync(join(tmpdir(), 'charms-admin-create-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run admin:create -- ...args` as an operator runs it: its own process, on the embedded database in DATA_DIR. */
async function adminCreate(...args: string[]): Promise<{ code: number; output: string }> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  try {
    const { stdout, stderr } = await promisify(execFile)(NODE, ['--import', 'tsx', 'apps/api/src/staff/admin-create.ts', ...args], { cwd: ROOT, env, timeout: 60_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** The shop on that database for a moment (the embedded database opens in one process at a time). */
async function withShop<T>(use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database, logger: false });
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}
const signIn = (app: Awaited<ReturnType<typeof buildApp>>, password: string) =>
  app.inject({ method: 'POST', url: '/api/account/authenticate', payload: { email: 'boss@charms.example', password } });

// Each run starts Node and compiles the script: seconds each, more on a busy machine.
describe('npm run admin:create', () => {
  it('refuses a bad email, a short password, an unknown role or a stray argument with exit code 2, without echoing the password', async () => {
    const runs = await Promise.all([
      adminCreate('--email', 'not-an-email', '--password', 'secret-password-1'),
      adminCreate('--email', 'boss@charms.example', '--password', 'short-pw-2'),
      adminCreate('--email', 'boss@charms.example', '--password', 'secret-password-3', '--role', 'admin'),
      adminCreate('--email', 'boss@charms.example', '--password', 'secret', 'password-4-typed-unquoted'),
      adminCreate('--email', 'boss@charms.example'),
    ]);
    expect(runs.map((run) => run.code)).toEqual([2, 2, 2, 2, 2]);
    expect(runs[0]!.output).toMatch(/--email must be an email address/);
    expect(runs[1]!.output).toMatch(/--password must be at least 12 characters/);
    expect(runs[2]!.output).toMatch(/--role must be owner or staff/);
    expect(runs[3]!.output).toMatch(/Unexpected argument \(not shown/);
    expect(runs[4]!.output).toMatch(/--password is required/);
    for (const run of runs) expect(run.output).toMatch(/usage: npm run admin:create/);
    expect(runs.map((run) => run.output).join('\n')).not.toMatch(/secret-password|short-pw|password-4/);
  }, 60_000);

  it('creates an owner on a database no shop has started on yet, then resets it: new password, old sessions ended', async () => {
    const created = await adminCreate('--email', 'Boss@Charms.example', '--password', 'first long password', '--name', 'Bea Boss');
    expect(created).toEqual({ code: 0, output: expect.stringMatching(/^Created owner account boss@charms\.example \(in the embedded PGlite in .+\)\. Sign in at \/account\./) });
    expect(created.output).not.toContain('first long password');

    const session = await withShop(async (app) => {
      const response = await signIn(app, 'first long password');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ staff: { name: 'Bea Boss', role: 'owner' } });
      return response.cookies.find((cookie) => cookie.name === 'staff_session')!.value;
    });

    const reset = await adminCreate('--email', 'boss@charms.example', '--password', 'second long password', '--role', 'staff');
    expect(reset).toEqual({ code: 0, output: expect.stringMatching(/^Reset staff account boss@charms\.example/) });
    expect(reset.output).not.toContain('second long password');

    await withShop(async (app) => {
      expect((await app.inject({ method: 'GET', url: '/api/account', cookies: { staff_session: session } })).statusCode).toBe(401);
      expect((await signIn(app, 'first long password')).statusCode).toBe(401);
      expect((await signIn(app, 'second long password')).json()).toMatchObject({ staff: { name: 'Bea Boss', role: 'staff' } });
      const account = (await findStaffByEmail(app.database.db, 'boss@charms.example'))!;
      const actions = (await auditTrail(app.database.db, 'staff_account', account.id)).map((event) => [event.action, event.actor]);
      expect(actions.filter(([action]) => action !== 'staff.signed_in')).toEqual([
        ['staff.created', 'Command line (admin:create)'],
        ['staff.reset', 'Command line (admin:create)'],
      ]);
    });
  }, 90_000);
});
