import type { Readable } from 'node:stream';

/** A stored file as served: its bytes as a stream (not held in memory) and its length. */
export interface StoredMedia {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * Where processed images live: files under DATA_DIR (file-storage.ts) or an S3-compatible bucket (s3-storage.ts),
 * chosen by the configuration (create-media-storage.ts). Keys are content hashes (media-keys.ts), so writing a key
 * twice writes the same bytes and a reader never sees a half-changed file.
 */
export interface MediaStorage {
  readonly kind: 'files' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Undefined when there is no such key (and for any key that is not one of ours: no path is ever built from it). */
  get(key: string): Promise<StoredMedia | undefined>;
  /** Removing a missing key is not an error. */
  remove(key: string): Promise<void>;
}
