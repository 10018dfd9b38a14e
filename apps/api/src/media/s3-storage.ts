import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { contentTypeOfKey } from './media-keys';
import type { MediaStorage } from './media-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS itself. Set: any S3-compatible service (MinIO, R2, Spaces, …), addressed path-style. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Key prefix inside the bucket, so the shop can share one. */
  prefix?: string;
}

/**
 * Objects in an S3-compatible bucket. The shop still serves them (routes/media.ts) so the bucket can stay private and
 * URLs stay the same if storage moves; objects carry their type and the same year-long caching.
 */
export function s3MediaStorage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
  });
  const objectKey = (key: string) => `${settings.prefix ?? 'media/'}${key}`;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      if (!contentTypeOfKey(key)) throw new Error(`not a media key: ${key}`);
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
      );
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        return { body: object.Body as Readable, contentType, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      if (!contentTypeOfKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}
