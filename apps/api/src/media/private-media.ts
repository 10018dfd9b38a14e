import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { fileMediaStorage } from './file-storage';
import type { MediaStorage } from './media-storage';
import { s3MediaStorage } from './s3-storage';

/**
 * Where shoppers' PhotoArt photos live: a storage of their own, apart from the product photos that /api/media serves.
 * Files go under `DATA_DIR/private-media/` (not `DATA_DIR/media/`), objects under the `private/photoart/` prefix (not
 * `media/`): the public route reads only the public storage, so even a private file's exact key is a 404 there.
 * Only the routes that check the shopper's session or the staff session read this storage.
 */
export function createPrivateMediaStorage(config: Config): MediaStorage {
  if (!config.S3_BUCKET) return fileMediaStorage(config.DATA_DIR, 'private-media');
  return s3MediaStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    prefix: 'private/photoart/',
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : {}),
  });
}

/**
 * A private file's key: 256 random bits, not the hash of its content (a content hash would name the same photo the
 * same way for everyone who has it). Written in the media key format (`{64 hex}.jpg`) so the storages accept it.
 */
export const privateMediaKey = () => `${randomBytes(32).toString('hex')}.jpg`;
