import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Staff passwords are kept as scrypt hashes: memory-hard (N=2^15, r=8: 32 MiB per hash), so guessing from a stolen
 * table costs memory as well as time. The stored form names its parameters, so they can be raised later and old
 * hashes still check: scrypt$<log2 N>$<r>$<p>$<salt>$<hash>, base64url.
 */
const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, R, P);
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` is the one `stored` was made from. A malformed stored value matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Checked against when no account has the email typed, so an unknown email takes as long as a wrong password. */
export const UNKNOWN_ACCOUNT_HASH = await hashPassword(randomBytes(16).toString('hex'));
