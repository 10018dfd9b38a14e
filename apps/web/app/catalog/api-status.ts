/**
 * The HTTP status of a failed API call, or undefined for any other error. Duck-typed rather than
 * `instanceof ApiError`: the server process (apps/web/server) and the built route modules each load their own copy
 * of api-client.ts, so the class a loader sees is not the one that threw.
 */
export function apiStatusOf(error: unknown): number | undefined {
  if (!(error instanceof Error) || !('status' in error)) return undefined;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : undefined;
}
