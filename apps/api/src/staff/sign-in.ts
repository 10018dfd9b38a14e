import type { AuthenticateBody } from '@charms/contracts/staff';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { HttpError } from '../http-error';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { type AttemptPolicy, limitAttempts } from '../services/attempt-limits';
import { recordAudit } from './audit';
import { findStaffByEmail } from './accounts';
import { newDeviceCookie, trustedDevice } from './devices';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from './passwords';
import { type StaffPrincipal, endSessionOfToken, startSession } from './sessions';

/**
 * Failed sign-ins are counted per email typed (whether or not an account has it, so the lock says nothing about
 * which emails exist) and per address, in the shared limiter: every instance sees the same counts. Each failure
 * after the third in the window is answered a second late; the tenth locks the email for the rest of the window
 * (a correct password included), and the fiftieth the address. A browser that has signed in as the email before
 * (its device cookie, `devices.ts`) is counted by itself instead of by the email, so no one else can lock it out.
 */
export const SIGN_IN_ATTEMPTS: AttemptPolicy = {
  name: 'sign-in',
  perSession: 10,
  perAddress: 50,
  windowSeconds: 15 * 60,
  tooMany: (wait) => `Too many failed sign-ins. Sign-in is locked for ${wait} minute${wait > 1 ? 's' : ''}; ask an owner if you have forgotten your password.`,
  counts: (error) => error.code === 'SIGN_IN_FAILED',
};
export const SLOW_AFTER_FAILURES = 3;
export const SLOW_DOWN_MS = 1_000;

const signInFailed = () => new HttpError(401, 'SIGN_IN_FAILED', 'That email and password do not match an active staff account.');

export interface SignInContext {
  db: Db;
  limiter: RateLimiter;
  clock: Clock;
  ip: string;
  /** The session token the browser already had, if any: it ends at sign-in, whoever's it was. */
  previousToken?: string | undefined;
  /** The browser's device cookie, if any, and the secret it is signed with. */
  device: { cookie: string | undefined; secret: string };
}

/**
 * Signs a staff member in: a new session (a new token every time) and the browser's previous one ended, so a
 * token planted in the browser before sign-in opens nothing after it. Wrong email, wrong password and a
 * disabled account get one and the same answer, after the same hashing work.
 */
export async function signIn(
  { db, limiter, clock, ip, previousToken, device }: SignInContext,
  body: AuthenticateBody,
): Promise<{ token: string; principal: StaffPrincipal; deviceCookie: string }> {
  const account = await findStaffByEmail(db, body.email);
  // An account's failures are counted under its address as stored, however the email was typed (the database's
  // lower() and JavaScript's do not agree on every letter); an email no account has, as typed.
  const email = (account?.email ?? body.email).toLowerCase();
  const trusted = trustedDevice(device.secret, account, device.cookie, clock.now());
  const counted = trusted ? `device:${trusted}` : `email:${email}`;
  return limitAttempts(limiter, SIGN_IN_ATTEMPTS, { sessionId: counted, address: ip }, async () => {
    // An unknown email costs the same hashing as a wrong password: timing does not tell which emails exist.
    const matches = await verifyPassword(body.password, account?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
    if (!account || !matches || account.disabledAt) {
      const failures = await limiter.take(`sign-in-slow:${counted}`, SLOW_AFTER_FAILURES, SIGN_IN_ATTEMPTS.windowSeconds);
      if (failures.retryAfter > 0) await clock.sleep(SLOW_DOWN_MS);
      throw signInFailed();
    }
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      if (previousToken) await endSessionOfToken(tx, previousToken);
      const session = await startSession(tx, account.id, ip, clock.now());
      await recordAudit(tx, { id: account.id, name: account.name, ip }, { subjectType: 'staff_account', subjectId: account.id, action: 'staff.signed_in' });
      const { token, ...times } = session;
      return {
        token,
        deviceCookie: newDeviceCookie(device.secret, account, clock.now(), trusted ?? undefined),
        principal: { id: account.id, email: account.email, name: account.name, role: account.role, accountCreatedAt: account.createdAt, ...times },
      };
    });
  });
}
