import { ApiError } from './api-client';

/**
 * The HTTP status of a failed API call, or undefined for any other error. `instanceof` holds because the server
 * build is one module graph: the client the server creates and the routes that catch its errors share one ApiError.
 */
export function apiErrorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** The `{code, message, details}` of a failed API call (the API's error shape), if it carried one. */
export function apiErrorBody(error: unknown): { code: string; message: string; details?: unknown } | undefined {
  return error instanceof ApiError ? error.body?.error : undefined;
}
