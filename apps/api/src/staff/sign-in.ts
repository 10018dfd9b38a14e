import type { AuthenticateBody } from '@charms/contracts/staff';
import type { Db } from '../db/client';
import { HttpError } from '../http-error';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { type AttemptPolicy, limitAttempts } from '../services/attempt-limits';
import { recordAudit } from './audit';
import { findStaffByEmail, presentStaff } from './accounts';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from './passwords';
import { startSession } from './sessions';

/**
 * Failed sign-ins are counted per email typed (whether or not an account has it, so the lock says nothing about
 * which emails exist) and per address, in the shared limiter: every instance sees the same counts. Each failure
 * after the third in the window is answered a second late; the tenth locks the email for the rest of the window.
 */
export const SIGN_IN_ATTEMPTS: AttemptPolicy = {
  name: 'sign-in',
  perSession: 10,
  perAddress: 50,
  windowSeconds: 15 * 60,
  tooMany: (wait) => `Too many failed sign-ins. Sign-in is locked for ${wait} minute${wait > 1 ? 's' : ''}; ask an owner if you have forgotten your password.`,
  counts: (error) => error.code === 'SIGN_IN_FAILED',
};
const SLOW_AFTER_FAILURES = 3;
const SLOW_DOWN_MS = 1_000;

const signInFailed = () => new HttpError(401, 'SIGN_IN_FAILED', 'That email and password do not match an active staff account.');

export async function signIn(db: Db, limiter: RateLimiter, body: AuthenticateBody, ip: string, now: Date) {
  const email = body.email.toLowerCase();
  return limitAttempts(limiter, SIGN_IN_ATTEMPTS, { sessionId: `email:${email}`, address: ip }, async () => {
    const account = await findStaffByEmail(db, email);
    // An unknown email costs the same hashing as a wrong password: timing does not tell which emails exist.
    const matches = await verifyPassword(body.password, account?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
    if (!account || !matches || account.disabledAt) {
      const failures = await limiter.take(`sign-in-slow:${email}`, SLOW_AFTER_FAILURES, SIGN_IN_ATTEMPTS.windowSeconds);
      if (failures.retryAfter > 0) await new Promise((resolve) => setTimeout(resolve, SLOW_DOWN_MS));
      throw signInFailed();
    }
    const session = await startSession(db, account.id, ip, now);
    await recordAudit(db, { id: account.id, name: account.name, ip }, { subjectType: 'staff_account', subjectId: account.id, action: 'staff.signed_in' });
    return { ...session, staff: presentStaff(account) };
  });
}
