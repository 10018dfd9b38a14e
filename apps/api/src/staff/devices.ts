import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP's "slow down online guessing attacks with device cookies"). Failed sign-ins lock an email,
 * which anyone who knows a staff member's email could use to keep them out. So a browser that has signed in as an
 * email gets a cookie proving it, and its sign-ins for that email are counted by that browser instead: a stranger's
 * failures lock the email for browsers without the cookie, never the staff member's own; and failures in a browser
 * with the cookie lock that browser.
 *
 * The cookie is a random id, when it stops being good, and an HMAC of both with the account's email and password
 * hash (so no email is in it, it is good for that account only, and a password reset ends every cookie made before
 * it). It proves nothing else: it opens no session, and a password is still needed.
 */
export const STAFF_DEVICE_COOKIE = 'staff_device';
export const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

const COOKIE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The account a device cookie vouches for: its email and its password's hash as stored. */
export interface DeviceAccount {
  email: string;
  passwordHash: string;
}

function mac(secret: string, account: DeviceAccount, id: string, expires: string): string {
  const signed = JSON.stringify(['staff-device', account.email.toLowerCase(), account.passwordHash, id, expires]);
  return createHmac('sha256', secret).update(signed).digest('base64url');
}

/** A device cookie's value for a browser that has just signed in to `account`: under its id when it had one. */
export function newDeviceCookie(secret: string, account: DeviceAccount, now: Date, id = randomBytes(16).toString('base64url')): string {
  const expires = String(Math.floor(now.getTime() / 1000) + DEVICE_LIFETIME_SECONDS);
  return `${id}.${expires}.${mac(secret, account, id, expires)}`;
}

/** The device's id when `cookie` was made for `account` (with its password as it is now) and is still good; else null. */
export function trustedDevice(secret: string, account: DeviceAccount | undefined, cookie: string | undefined, now: Date): string | null {
  const parts = account && cookie ? COOKIE.exec(cookie) : null;
  if (!account || !parts) return null;
  const [, id, expires, given] = parts as unknown as [string, string, string, string];
  if (Number(expires) * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(mac(secret, account, id, expires));
  return timingSafeEqual(expected, Buffer.from(given)) ? id : null;
}
