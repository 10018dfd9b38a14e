/**
 * The HTTP status of a failed API call. Not `instanceof ApiError`: the server creates the client from the
 * TypeScript sources while routes run from the built bundle, so there are two ApiError classes at run time.
 */
export function apiErrorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

/** The `{code, message, details}` of a failed API call (the API's error shape), if it carried one. */
export function apiErrorBody(error: unknown): { code: string; message: string; details?: unknown } | undefined {
  if (!error || typeof error !== 'object' || !('body' in error)) return undefined;
  const body = error.body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined;
  const inner = body?.error;
  if (!inner || typeof inner.code !== 'string' || typeof inner.message !== 'string') return undefined;
  return { code: inner.code, message: inner.message, details: inner.details };
}
