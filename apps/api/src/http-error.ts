import type { FieldError } from '@charms/contracts/errors';

/** An error a client caused or can act on; the error handler turns it into the one error shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Headers the answer carries, such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, 'NOT_FOUND', message);

/** A field message that is a whole sentence ("Use letters, …") stands alone; a fragment ("is required") gets its field. */
const describeField = (field: FieldError) => (/^[A-Z]/.test(field.message) ? field.message : `${field.field} ${field.message}`);

export const invalidFields = (fields: FieldError[]) => new HttpError(400, 'VALIDATION_ERROR', fields.map(describeField).join('; '), fields);

/** How long a client is asked to wait (Retry-After) when the shop cannot answer for a moment. */
export const RETRY_AFTER_SECONDS = 5;

/** The database (or the whole shop, while it restarts) cannot answer right now; nothing was changed. */
export const serviceUnavailable = (message = 'The shop is busy for a moment and nothing was changed. Please try again in a few seconds.') =>
  new HttpError(503, 'SERVICE_UNAVAILABLE', message, { retryAfterSeconds: RETRY_AFTER_SECONDS });

/** A catalog read ran past its statement timeout (db/client.ts, CATALOG_STATEMENT_TIMEOUT_MS); nothing was changed. */
export const catalogTooSlow = () =>
  serviceUnavailable(
    'The catalog took too long to answer this, and nothing was changed. Please try again in a few seconds; a search with fewer or more specific words is answered sooner.',
  );
