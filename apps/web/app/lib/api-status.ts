/**
 * The HTTP status of a failed API call. Not `instanceof ApiError`: the server creates the client from the
 * TypeScript sources while routes run from the built bundle, so there are two ApiError classes at run time.
 */
export function apiErrorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}
