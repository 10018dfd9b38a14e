import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP's "slow down online guessing attacks with device cookies"). Failed sign-ins lock an email,
 * which anyone who knows a staff member's email could use to keep them out. So a browser that has signed in as an
 * email gets a cookie proving it, and its sign-ins for that email are counted by that browser instead: a stranger's
 * failures lock the email for browsers without the cookie, never the staff member's own; and failures in a browser
 * with the cookie lock that browser.
 *
 * The cookie is a random id, when it stops being good, and an HMAC of both with the email (so no email is in it,
 * and it is good for that email only). It proves nothing else: it opens no session, and a password is still needed.
 */
export const STAFF_DEVICE_COOKIE = 'staff_device';
export const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

const COOKIE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, email: string, id: string, expires: string): string {
  return createHmac('sha256', secret).update(`staff-device:${email}:${id}:${expires}`).digest('base64url');
}

/** A new device cookie's value for a browser that has just signed in as `email` (lowercase). */
export function newDeviceCookie(secret: string, email: string, now: Date): string {
  const id = randomBytes(16).toString('base64url');
  const expires = String(Math.floor(now.getTime() / 1000) + DEVICE_LIFETIME_SECONDS);
  return `${id}.${expires}.${mac(secret, email, id, expires)}`;
}

/** The device's id when `cookie` was made for `email` by this shop and is still good; otherwise null. */
export function trustedDevice(secret: string, email: string, cookie: string | undefined, now: Date): string | null {
  const parts = cookie ? COOKIE.exec(cookie) : null;
  if (!parts) return null;
  const [, id, expires, given] = parts as unknown as [string, string, string, string];
  if (Number(expires) * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(mac(secret, email, id, expires));
  return timingSafeEqual(expected, Buffer.from(given)) ? id : null;
}
