import { createHash } from 'node:crypto';

export type VariantFormat = 'avif' | 'webp' | 'jpeg';

const EXTENSION: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
const CONTENT_TYPE: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/**
 * A stored file's name is the SHA-256 of its bytes and its extension: the same bytes always get the same key, a new
 * picture always gets a new one, so served URLs are cached for a year as immutable. Nothing in a key comes from the
 * uploader (no file name), and a key is checked against this pattern before any storage is asked.
 */
export const MEDIA_KEY = /^[0-9a-f]{64}\.(avif|webp|jpg)$/;

export function variantKey(bytes: Uint8Array, format: VariantFormat): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${EXTENSION[format]}`;
}

/** The content type of a well-formed key; undefined for anything else (a path, `..`, another extension). */
export function contentTypeOfKey(key: string): string | undefined {
  const match = MEDIA_KEY.exec(key);
  return match ? CONTENT_TYPE[match[1]!] : undefined;
}
