import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { errorBodySchema } from '@charms/contracts/errors';
import { photoParamsSchema, productPhotoParamsSchema, productPhotosSchema, reorderPhotosBodySchema, updatePhotoBodySchema, uploadPhotoFieldsSchema } from '@charms/contracts/product-photos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, invalidFields } from '../http-error';
import { type ProcessedImage, processImage } from '../media/image-variants';
import { ImageRefusal } from '../media/image-refusal';
import { imageUploadLimits, spoolUpload } from '../media/read-upload';
import { actorOf } from '../plugins/staff-area';
import { MAX_PHOTOS_PER_PRODUCT, addPhotos, assertProductExists, listProductPhotos, removePhoto, reorderPhotos, updatePhoto } from '../services/admin-product-photos';

const tags = ['products'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** How many files one upload takes (each up to 20 MB, processed one after another). */
export const MAX_FILES_PER_UPLOAD = 10;

/** A file's name as the browser sent it, shown back only as a label: printable, short. */
const label = (name: string | undefined) => (name ?? '').replace(/[^\p{L}\p{N} ._()-]/gu, '').slice(0, 60) || 'file';

/** A refusal names the file it is about, so staff know which of several to replace. */
async function named<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImageRefusal) throw new ImageRefusal(error.reason, `${name}: ${error.message}`);
    throw error;
  }
}

/**
 * A product's photos: every staff member may manage them (a photo changes no price). Uploads are multipart: the
 * files (any field name) and, beside them, `alt` and `metal` for all of them. Every file is checked and processed
 * before anything is stored: one refused file refuses the upload, with its name and the reason.
 */
export const adminProductPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(multipart, { limits: imageUploadLimits(MAX_FILES_PER_UPLOAD) });

  app.get(
    '/admin-products/:id/photos',
    { schema: { tags, summary: "A product's photos in order, the metals it is offered in, and who changed its photos", params: productPhotoParamsSchema, response: { 200: productPhotosSchema, ...errors } } },
    async (request) => listProductPhotos(db, request.params.id),
  );

  app.post(
    '/admin-products/:id/photos',
    {
      // The staff guard has checked session and CSRF before the body is read; each file stops at 20 MB.
      bodyLimit: MAX_FILES_PER_UPLOAD * 21 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Upload photos (multipart: JPEG, PNG or WebP files up to 20 MB each; `alt` and `metal` fields apply to all)',
        params: productPhotoParamsSchema,
        response: { 201: productPhotosSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload photos as multipart/form-data.');
      await assertProductExists(db, request.params.id);
      const fields: Record<string, string> = {};
      // The files are written to a temporary folder as they arrive (each stops at 20 MB), then processed one by one.
      const spool = await mkdtemp(join(tmpdir(), 'charms-upload-'));
      try {
        const files: { name: string; path: string }[] = [];
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (typeof part.value === 'string') fields[part.fieldname] = part.value;
              continue;
            }
            const file = { name: label(part.filename), path: join(spool, String(files.length)) };
            await named(file.name, () => spoolUpload(part, file.path));
            files.push(file);
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
            throw new HttpError(413, 'TOO_MANY_FILES', `Upload at most ${MAX_FILES_PER_UPLOAD} photos at a time.`);
          }
          if (code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'TOO_MANY_FIELDS', 'Send only the photos, with their alt text and metal.');
          throw error;
        }
        if (files.length === 0) throw invalidFields([{ field: 'photos', message: 'Choose one or more photos to upload (JPEG, PNG or WebP).' }]);
        const parsed = uploadPhotoFieldsSchema.safeParse({ alt: fields.alt, metal: fields.metal });
        if (!parsed.success) throw invalidFields(parsed.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })));
        const images: ProcessedImage[] = [];
        for (const file of files) images.push(await named(file.name, async () => processImage(await readFile(file.path))));
        await addPhotos(db, app.media, actorOf(request), request.params.id, images, parsed.data);
      } finally {
        await rm(spool, { recursive: true, force: true });
      }
      return reply.status(201).send(await listProductPhotos(db, request.params.id));
    },
  );

  app.patch(
    '/admin-products/:id/photos/:photoId',
    { schema: { tags, summary: "Change a photo's alt text and metal (empty metal: every metal)", params: photoParamsSchema, body: updatePhotoBodySchema, response: { 200: productPhotosSchema, ...errors } } },
    async (request) => {
      await updatePhoto(db, actorOf(request), request.params.id, request.params.photoId, request.body);
      return listProductPhotos(db, request.params.id);
    },
  );

  app.put(
    '/admin-products/:id/photos/order',
    { schema: { tags, summary: "Put the product's photos in this order (each named once); the first is the listings' photo", params: productPhotoParamsSchema, body: reorderPhotosBodySchema, response: { 200: productPhotosSchema, ...errors } } },
    async (request) => {
      await reorderPhotos(db, actorOf(request), request.params.id, request.body.photoIds);
      return listProductPhotos(db, request.params.id);
    },
  );

  app.delete(
    '/admin-products/:id/photos/:photoId',
    { schema: { tags, summary: 'Remove a photo; the others close up', params: photoParamsSchema, response: { 200: productPhotosSchema, ...errors } } },
    async (request) => {
      await removePhoto(db, actorOf(request), request.params.id, request.params.photoId);
      return listProductPhotos(db, request.params.id);
    },
  );
};

export { MAX_PHOTOS_PER_PRODUCT };
