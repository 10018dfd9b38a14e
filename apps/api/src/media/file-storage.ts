import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { contentTypeOfKey } from './media-keys';
import type { MediaStorage } from './media-storage';

/**
 * Files under `{DATA_DIR}/media/ab/abcdef….ext` (the first two hex digits as a folder, so no folder holds more than
 * a few thousand files). A file is written under a temporary name and renamed: a reader sees all of it or nothing.
 */
export function fileMediaStorage(dataDir: string): MediaStorage {
  const root = join(dataDir, 'media');
  const pathOf = (key: string) => join(root, key.slice(0, 2), key);
  return {
    kind: 'files',
    async put(key, bytes) {
      if (!contentTypeOfKey(key)) throw new Error(`not a media key: ${key}`);
      const path = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return undefined;
      try {
        const { size } = await stat(pathOf(key));
        return { body: createReadStream(pathOf(key)), contentType, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      if (!contentTypeOfKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
