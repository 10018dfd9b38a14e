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
