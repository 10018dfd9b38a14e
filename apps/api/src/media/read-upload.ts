import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from './image-limits';
import { ImageRefusal } from './image-refusal';

/** Multipart limits for an image upload route: busboy stops keeping a file's bytes at MAX_UPLOAD_BYTES. */
export const imageUploadLimits = (files: number) => ({ fileSize: MAX_UPLOAD_BYTES, files, fields: 10, fieldSize: 2_000, parts: files + 10 });

export const tooLarge = () => new ImageRefusal('too-large', `This file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: upload a smaller copy (a phone's "large" or "actual size" photo is well under it).`);

/**
 * A multipart file's bytes, at most MAX_UPLOAD_BYTES of them: past the limit busboy discards the rest as it arrives
 * (the request is still read to its end, never held), and the upload is refused as too large.
 */
export async function readUpload(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_UPLOAD_BYTES) chunks.push(chunk);
  }
  if (part.file.truncated || size > MAX_UPLOAD_BYTES) throw tooLarge();
  return Buffer.concat(chunks);
}

/**
 * Writes a multipart file to `path` as it arrives, at most MAX_UPLOAD_BYTES (past it busboy discards the rest and the
 * upload is refused as too large). For uploads of several files: the request is read to its end at network speed,
 * within the server's request timeout, and the files are processed afterwards one at a time, never all in memory.
 */
export async function spoolUpload(part: MultipartFile, path: string): Promise<void> {
  await pipeline(part.file, createWriteStream(path));
  if (part.file.truncated) throw tooLarge();
}
