/**
 * Adds the shopper's `userSessionId` header to requests for the store's own origins that do not already carry it
 * (spec section 6). Any other host never sees the id.
 */
export const SESSION_HEADER = 'userSessionId';

export interface SessionHeaderOptions {
  sessionId: () => string | null;
  /** Origins that belong to the store, e.g. the page's own origin. */
  ownOrigins: readonly string[];
  /** The page's address, to resolve relative URLs. */
  baseUrl: string;
}

export function isOwnUrl(url: string, options: Pick<SessionHeaderOptions, 'ownOrigins' | 'baseUrl'>): boolean {
  try {
    return options.ownOrigins.includes(new URL(url, options.baseUrl).origin);
  } catch {
    return false;
  }
}

/** The request to make: the same request, with the header added when it goes to one of the store's origins. */
export function withSessionHeader(input: RequestInfo | URL, init: RequestInit | undefined, options: SessionHeaderOptions): [RequestInfo | URL, RequestInit | undefined] {
  const id = options.sessionId();
  if (!id) return [input, init];
  const url = input instanceof Request ? input.url : String(input);
  if (!isOwnUrl(url, options)) return [input, init];
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  if (headers.has(SESSION_HEADER)) return [input, init];
  headers.set(SESSION_HEADER, id);
  return [input, { ...init, headers }];
}

/** Wraps `target.fetch` once; returns a function that puts the original back. */
export function installSessionHeader(target: { fetch: typeof fetch }, options: SessionHeaderOptions): () => void {
  const original = target.fetch;
  target.fetch = (input, init) => {
    const [finalInput, finalInit] = withSessionHeader(input, init, options);
    return original.call(globalThis, finalInput, finalInit);
  };
  return () => {
    target.fetch = original;
  };
}
