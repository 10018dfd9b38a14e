import type { ErrorBody } from '@charms/contracts/errors';
import { apiErrorStatus } from '../lib/api-status';

/**
 * The statuses a bag action answers the shopper with a message; anything else is a failure of ours. 413, 415 and
 * 422 are a PhotoArt photo refused (too large, not a photo, damaged or too many pixels).
 */
const SHOPPER_STATUSES = new Set([400, 404, 409, 413, 415, 422, 429]);

export interface ApiProblem {
  status: number;
  code: string;
  message: string;
  /** API field ("engraving.text") -> its message. */
  fields: Record<string, string>;
}

/** An API error a shopper can be told about, or null (then the action rethrows: 5xx hide their internals). */
export function apiProblem(error: unknown): ApiProblem | null {
  const status = apiErrorStatus(error);
  if (status === undefined || !SHOPPER_STATUSES.has(status)) return null;
  const body = (error as { body?: ErrorBody }).body;
  const fields: Record<string, string> = {};
  const details = body?.error.details;
  if (Array.isArray(details)) {
    for (const detail of details as { field?: unknown; message?: unknown }[]) {
      if (typeof detail.field === 'string' && typeof detail.message === 'string') fields[detail.field] ??= detail.message;
    }
  }
  return { status, code: body?.error.code ?? 'ERROR', message: body?.error.message ?? 'That did not work. Please try again.', fields };
}

/** "must be at least 1" -> "Quantity must be at least 1"; a whole sentence from the API is kept as it is. */
export function fieldSentence(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}
