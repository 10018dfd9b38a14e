import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMediaStorage } from './create-media-storage';
import { fileMediaStorage } from './file-storage';
import { variantKey } from './media-keys';
import type { MediaStorage } from './media-storage';
import { s3MediaStorage } from './s3-storage';
import { storeImage } from './store-image';
import { testPhoto } from './test-images';

/** s3rver: an S3-compatible server from npm, started in this process on a free port, its files in a temporary folder. */
const s3 = { directory: '', endpoint: '', server: undefined as S3rver | undefined };
beforeAll(async () => {
  s3.directory = mkdtempSync(join(tmpdir(), 'charms-s3-'));
  s3.server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3.directory, configureBuckets: [{ name: 'shop-photos', configs: [] }] });
  const { port } = await s3.server.run();
  s3.endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.server?.close();
  rmSync(s3.directory, { recursive: true, force: true });
});

const s3Config = () => ({ S3_BUCKET: 'shop-photos', S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });

const storages: [string, () => MediaStorage][] = [
  ['files under DATA_DIR', () => fileMediaStorage(mkdtempSync(join(tmpdir(), 'charms-media-')))],
  ['an S3-compatible bucket', () => createMediaStorage(loadConfig(s3Config()))],
];

describe.each(storages)('media storage: %s', (_name, make) => {
  it('keeps bytes under their content key and gives them back with their type', async () => {
    const storage = make();
    const bytes = Buffer.from('not really a picture, but storage does not look');
    const key = variantKey(bytes, 'webp');
    await storage.put(key, bytes, 'image/webp');
    const stored = await storage.get(key);
    expect(stored).toMatchObject({ contentType: 'image/webp', size: bytes.length });
    expect(await text(stored!.body)).toBe(bytes.toString());
    await storage.remove(key);
    expect(await storage.get(key)).toBeUndefined();
    await storage.remove(key); // removing twice is fine
  });

  it('answers nothing for unknown keys and for anything that is not a key (no path is built from it)', async () => {
    const storage = make();
    expect(await storage.get(`${'a'.repeat(64)}.jpg`)).toBeUndefined();
    for (const hostile of ['../../etc/passwd', '../config.ts', `${'a'.repeat(64)}.svg`, `ab/${'a'.repeat(64)}.jpg`, `${'a'.repeat(64)}.jpg/..`]) {
      expect(await storage.get(hostile)).toBeUndefined();
    }
    await expect(storage.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/not a media key/);
  });
});

describe('the whole pipeline on the S3 server', () => {
  it('stores every variant of an upload in the bucket, and serves them back as the images they are', async () => {
    const storage = createMediaStorage(loadConfig(s3Config()));
    expect(storage.kind).toBe('s3');
    const stored = await storeImage(storage, await testPhoto({ width: 1000, height: 750 }));
    expect(stored).toMatchObject({ width: 1000, height: 750 });
    expect(stored.variants).toHaveLength(9);
    for (const variant of stored.variants) {
      const object = await storage.get(variant.key);
      expect(object?.contentType).toBe({ avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }[variant.format]);
      const bytes = await buffer(object!.body);
      expect(variantKey(bytes, variant.format)).toBe(variant.key);
    }
  });

  it('without S3_BUCKET, photos are files under DATA_DIR', () => {
    expect(createMediaStorage(loadConfig({ DATA_DIR: tmpdir() })).kind).toBe('files');
  });
});

describe('S3 configuration', () => {
  it('needs a bucket for the other S3 variables, and both keys or neither', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: is required when S3_ENDPOINT is set/);
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/S3_SECRET_ACCESS_KEY: is required with the other S3 key/);
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT: must be an http/);
  });
});
