import multipart from '@fastify/multipart';
import { errorBodySchema } from '@charms/contracts/errors';
import { bagPhotoParamsSchema, bagPhotoSchema } from '@charms/contracts/photo-art';
import { sessionHeadersSchema } from '@charms/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, invalidFields, notFound } from '../http-error';
import { processPrivatePhoto } from '../media/private-photo';
import { imageUploadLimits, readUpload } from '../media/read-upload';
import { assertSession } from '../services/bag-changes';
import { countPhotoUpload } from '../services/photo-art-limits';
import { assertPhotoArtLine, readBagPhoto, removePhotoArtUpload, savePhotoArtUpload } from '../services/photo-art-uploads';

const tags = ['bag'];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * A shopper's photo for a PhotoArt line of their bag: upload (or replace), see, remove. Every call names the line
 * and carries the session: another session's line is a 404, as is a line of no bag. The photo is processed like a
 * product photo, but kept in private storage (app.privateMedia) and never cached by anyone but the browser asking.
 */
export const photoArtUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(multipart, { limits: imageUploadLimits(1) });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/shopping-cart/items/:itemUuid/photo',
    {
      // Room for a file just past 20 MB, so that it is told it is too large in words (read-upload.ts), not cut off.
      bodyLimit: 42 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Upload the photo for a PhotoArt line (multipart: one JPEG, PNG or WebP up to 20 MB), replacing the one it had',
        headers: sessionHeadersSchema,
        params: bagPhotoParamsSchema,
        response: { 201: bagPhotoSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const sessionId = request.headers.usersessionid;
      const { itemUuid } = request.params;
      if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload the photo as multipart/form-data.');
      await assertSession(db, sessionId);
      // Checked before the file is read: a stranger's line or a charm without a photo costs no decoding.
      await assertPhotoArtLine(db, sessionId, itemUuid);
      await countPhotoUpload(app.rateLimiter, { sessionId, address: request.ip });
      // The whole form is read (fields are ignored): a second file is refused, never silently dropped after the first.
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') bytes = await readUpload(part);
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(413, 'TOO_MANY_FILES', 'Upload one photo at a time.');
        if (code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'TOO_MANY_FIELDS', 'Send only the photo.');
        throw error;
      }
      if (!bytes) throw invalidFields([{ field: 'photo', message: 'Choose a photo to upload (JPEG, PNG or WebP).' }]);
      const photo = await processPrivatePhoto(bytes);
      return reply.status(201).send(await savePhotoArtUpload(db, app.privateMedia, sessionId, itemUuid, photo));
    },
  );

  app.get(
    '/shopping-cart/items/:itemUuid/photo',
    {
      schema: {
        tags,
        summary: "The preview (JPEG, up to 640 px) of a PhotoArt line's photo, for the session whose bag holds it",
        headers: sessionHeadersSchema,
        params: bagPhotoParamsSchema,
        response: { 200: z.any().describe('image/jpeg'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await readBagPhoto(db, app.privateMedia, request.headers.usersessionid, request.params.itemUuid);
      if (!file) throw notFound('There is no photo for this line.');
      if (file.size > 0) reply.header('content-length', file.size);
      return reply.type(file.contentType).send(file.body);
    },
  );

  app.delete(
    '/shopping-cart/items/:itemUuid/photo',
    {
      schema: {
        tags,
        summary: "Remove a PhotoArt line's photo (the shopper will email it instead)",
        headers: sessionHeadersSchema,
        params: bagPhotoParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePhotoArtUpload(db, app.privateMedia, request.headers.usersessionid, request.params.itemUuid);
      return reply.status(204).send(null);
    },
  );
};
