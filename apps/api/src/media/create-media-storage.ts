import type { Config } from '../config';
import { fileMediaStorage } from './file-storage';
import type { MediaStorage } from './media-storage';
import { s3MediaStorage } from './s3-storage';

/** Files under DATA_DIR unless S3_BUCKET is set (config.ts checks the S3 variables go together). */
export function createMediaStorage(config: Config): MediaStorage {
  if (!config.S3_BUCKET) return fileMediaStorage(config.DATA_DIR);
  return s3MediaStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : {}),
  });
}
