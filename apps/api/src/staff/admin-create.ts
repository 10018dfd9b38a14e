import { parseArgs } from 'node:util';
import { STAFF_ROLES, passwordSchema, staffEmailSchema, staffNameSchema } from '@charms/contracts/staff';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { configuredLocation, describeLocation } from '../db/location';
import { migrate } from '../db/migrate';
import { createOrResetStaff } from './accounts';

/**
 * npm run admin:create -- --email you@example.com --password '...' [--role owner|staff] [--name 'Your Name']
 * Creates a staff account, or resets the one with that email (new password and role, enabled, its sessions
 * ended). Works before the shop's first start: it migrates the database (DATABASE_URL, or the embedded one in
 * DATA_DIR) first. There is no default account or password anywhere.
 */
const usage = "usage: npm run admin:create -- --email you@example.com --password '<at least 12 characters>' [--role owner|staff] [--name 'Your Name']";

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', default: 'owner' }, name: { type: 'string' } },
    strict: true,
    // Run from the built server as `index.js admin:create --email ...`, the command's name comes first.
    args: process.argv.slice(process.argv[2] === 'admin:create' ? 3 : 2),
  }));
} catch (error) {
  // A stray argument is often part of a password typed without quotes: it is not repeated on the screen.
  const { code, message } = error as { code?: string; message: string };
  fail(code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' ? 'Unexpected argument (not shown: it may be part of a password). Quote a password that has spaces.' : message);
}
const email = staffEmailSchema.safeParse(values.email);
if (!email.success) fail(`--email ${values.email === undefined ? 'is required' : email.error.issues[0]!.message}`);
const password = passwordSchema.safeParse(values.password);
if (!password.success) fail(`--password ${values.password === undefined ? 'is required' : password.error.issues[0]!.message}`);
const role = STAFF_ROLES.find((known) => known === values.role) ?? fail('--role must be owner or staff');
const name = values.name === undefined ? undefined : staffNameSchema.safeParse(values.name);
if (name && !name.success) fail(`--name ${name.error.issues[0]!.message}`);

try {
  const config = loadConfig();
  const database = await openDatabase(configuredLocation(config));
  try {
    await migrate(database);
    const { created, staff } = await createOrResetStaff(database.db, { email: email.data, password: password.data, role, ...(name ? { name: name.data } : {}) });
    console.log(`${created ? 'Created' : 'Reset'} ${staff.role} account ${staff.email} (in ${describeLocation(configuredLocation(config))}). Sign in at /account.`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  // The database's own words, not the failed query's message: that carries its parameters (email, password hash).
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(`Could not create the account: ${cause instanceof Error ? cause.message : String(cause)}`);
  process.exit(1);
}
