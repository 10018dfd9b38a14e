import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StaffRole } from '@charms/contracts/staff';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { staffSessions } from '../db/schema';

/** A session ends after this long without a request... */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
/** ...and at the latest this long after sign-in. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;
/** A request refreshes the idle clock at most this often, so browsing does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

/** The signed-in staff member a request acts for (request.staff). */
export interface StaffPrincipal {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  accountCreatedAt: Date;
  /** The session's key in the database: what the CSRF token is signed against, and what sign-out ends. */
  sessionHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** Starts a session: a new random token every sign-in (no fixation); the database keeps only its hash. */
export async function startSession(db: Db, staffId: string, ip: string, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const sessionHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  await db.insert(staffSessions).values({ tokenHash: sessionHash, staffId, ip, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, sessionHash, createdAt: now, lastSeenAt: now, expiresAt };
}

/**
 * The staff member a session token stands for, or null when the token is unknown, ended, idle for too long, past
 * its 12 hours, or its account is disabled. A live session's idle clock is refreshed.
 */
export async function findSession(db: Db, token: string, now: Date): Promise<StaffPrincipal | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const sessionHash = hashToken(token);
  const [row] = await queryRows<Omit<StaffPrincipal, 'sessionHash'> & { role: StaffRole }>(
    db,
    sql`select a.id, a.email, a.name, a.role, a.created_at as "accountCreatedAt", s.created_at as "createdAt", s.last_seen_at as "lastSeenAt", s.expires_at as "expiresAt"
        from staff_sessions s join staff_accounts a on a.id = s.staff_id
        where s.token_hash = ${sessionHash} and s.ended_at is null and a.disabled_at is null
          and s.expires_at > ${now.toISOString()}::timestamptz
          and s.last_seen_at > ${new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString()}::timestamptz`,
    { prepared: true },
  );
  if (!row) return null;
  const principal = { ...row, accountCreatedAt: new Date(row.accountCreatedAt), createdAt: new Date(row.createdAt), lastSeenAt: new Date(row.lastSeenAt), expiresAt: new Date(row.expiresAt), sessionHash };
  if (now.getTime() - principal.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, sessionHash));
    principal.lastSeenAt = now;
  }
  return principal;
}

/** When the session ends if nothing else happens: 30 minutes after its last use, or at its 12-hour limit. */
export function sessionEndsAt(principal: Pick<StaffPrincipal, 'lastSeenAt' | 'expiresAt'>): { idleExpiresAt: Date; expiresAt: Date } {
  const idle = new Date(principal.lastSeenAt.getTime() + IDLE_TIMEOUT_MS);
  return { idleExpiresAt: idle < principal.expiresAt ? idle : principal.expiresAt, expiresAt: principal.expiresAt };
}

export async function endSession(db: Db, sessionHash: string): Promise<void> {
  await db.update(staffSessions).set({ endedAt: sql`now()` }).where(and(eq(staffSessions.tokenHash, sessionHash), isNull(staffSessions.endedAt)));
}

/** Ends the session a browser's cookie names, whoever's it is and whether or not it was still live. */
export async function endSessionOfToken(db: Db, token: string): Promise<void> {
  if (TOKEN_FORMAT.test(token)) await endSession(db, hashToken(token));
}

/** Ends every open session of an account (disabled, or its password reset), but `except` the one given. */
export async function endAllSessions(db: Db, staffId: string, except?: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt), except === undefined ? undefined : ne(staffSessions.tokenHash, except)));
}

/**
 * CSRF tokens are signed double-submit (OWASP): a random value and its HMAC over the session it belongs to. The page
 * echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN; another site can neither read the cookie nor make a token for this
 * session, and a token from an earlier session (or another person's) does not verify.
 * `current` is the token the browser holds: kept when it is this session's.
 */
export function csrfToken(secret: string, sessionHash: string, current?: string): string {
  // One token per session: the browser's own, when it is this session's. A new one on every page load would leave
  // the forms of every other open tab (and the cookie they are compared with) out of step: refused as forged.
  if (isValidCsrfToken(secret, sessionHash, current)) return current!;
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${csrfSignature(secret, sessionHash, nonce)}`;
}

const csrfSignature = (secret: string, sessionHash: string, nonce: string) => createHmac('sha256', secret).update(`xsrf:${sessionHash}:${nonce}`).digest('base64url');

export function isValidCsrfToken(secret: string, sessionHash: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(csrfSignature(secret, sessionHash, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
