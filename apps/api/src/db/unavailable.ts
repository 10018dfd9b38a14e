/**
 * Whether an error means the database cannot be reached right now (down, restarting, out of connections, the
 * connection lost mid-query), rather than a fault in the request or the code. Such a request is answered 503 with
 * Retry-After: the client did nothing wrong and may simply try again. Drivers wrap errors (drizzle's query error
 * carries the driver's as `cause`), so the whole chain is looked at.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** SQLSTATEs: class 08 (connection exception), the server shutting down or starting, too many connections. */
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03|53300)$/;

/** node-postgres and PGlite say it in words, without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
  // A database closed to connections (ALTER DATABASE ... ALLOW_CONNECTIONS false, during maintenance): 55000.
  'is not currently accepting connections',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  return inChain(error, ({ code, message }) =>
    (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) ||
    (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.includes(words))));
}

/**
 * Whether the server stopped a statement that ran past its statement_timeout (SQLSTATE 57014, query_canceled; the
 * catalog reads' connections have one, client.ts): answered 503, as the request may well succeed a moment later.
 */
export function isStatementTimedOut(error: unknown): boolean {
  return inChain(error, ({ code }) => code === '57014');
}

/**
 * Whether a row referred, through the named foreign key, to one removed as the statement ran (SQLSTATE 23503): a
 * bag made for a session removed at that moment (removeIdleSessions), which is then an unknown session.
 */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  return inChain(error, (link) => link.code === '23503' && (link as { constraint?: unknown }).constraint === constraint);
}

function inChain(error: unknown, test: (error: { code?: unknown; message?: unknown }) => boolean): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (test(current as { code?: unknown; message?: unknown })) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
