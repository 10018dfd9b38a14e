import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * What the shop's logs leave out: shoppers' personal data (names, addresses, email, phone), card data and tokens
 * (payment nonces, order-link tokens, session ids in headers). Errors are the risky part: a failed statement
 * carries its bound values (the order's address, email and phone), and PostgreSQL repeats values in its
 * messages and details (`Key (email)=(...) already exists`, `invalid input syntax ...: "..."`).
 */
const REDACTED = '[redacted]';

/** Fields that hold personal data, card data or tokens wherever we log them (one level into a logged object too). */
const SENSITIVE_FIELDS = [
  'email',
  'phone',
  'firstName',
  'lastName',
  'address1',
  'address2',
  'city',
  'postalCode',
  'shippingAddress',
  'billingAddress',
  'customer',
  'paymentMethodNonce',
  'nonce',
  'deviceData',
  'card',
  'clientToken',
  'token',
  'params',
  'orderComments',
  'giftMessage',
];
// Request headers (cookies, the session id) never reach a log line: the request serializer below leaves them out.
const REDACT_PATHS = [...SENSITIVE_FIELDS, ...SENSITIVE_FIELDS.map((field) => `*.${field}`)];

/** Error properties that carry the statement's values or rows' contents; the rest (code, constraint, table) stay. */
const VALUE_PROPERTIES = ['params', 'parameters', 'detail', 'where', 'internalQuery', 'raw', 'body', 'values'];

/** A message without the values it quotes: drizzle's `params: ...` part and PostgreSQL's quoted input. */
function withoutValues(message: string): string {
  return message
    .replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]')
    .replace(/: ".*"$/s, ': [redacted]')
    .replace(/=\(.*\)/gs, '=([redacted])');
}

type SerializedError = ReturnType<typeof stdSerializers.err>;
type Erroneous = Error & { cause?: unknown };

/** pino's error serializer, then everything that could hold a value taken out, in the error and its causes. */
export function serializeError(error: Error): SerializedError {
  const serialized = stdSerializers.err(error);
  if (!serialized || typeof serialized !== 'object' || !(error instanceof Error)) return serialized;
  for (const property of VALUE_PROPERTIES) delete serialized[property];
  // The message and the stack repeat the messages of the error and its causes: clean each where it appears.
  const messages: string[] = [];
  for (let current: unknown = error; current instanceof Error && messages.length < 10; current = (current as Erroneous).cause) messages.push(current.message);
  const clean = (text: string) => messages.reduce((result, raw) => (raw ? result.split(raw).join(withoutValues(raw)) : result), text);
  if (typeof serialized.message === 'string') serialized.message = clean(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = clean(serialized.stack);
  // Errors held in other properties (and an AggregateError's errors) were serialized by pino: again, cleaned.
  const again = (value: unknown): unknown => {
    const raw = value && typeof value === 'object' && 'raw' in value ? (value as { raw: unknown }).raw : undefined;
    return raw instanceof Error ? serializeError(raw) : value;
  };
  for (const [key, value] of Object.entries(serialized)) {
    if (Array.isArray(value)) serialized[key] = value.map(again);
    else if (typeof value === 'string') serialized[key] = key === 'message' || key === 'stack' ? value : clean(value);
    else serialized[key] = again(value);
  }
  return serialized;
}

/**
 * What a shopper searched for, in a search page's path (`/products/search/Emma%2FRose/2`: the words end at the next
 * `/`, their own slashes encoded) or in a catalog call's encoded `path=` (`%2Fproducts%2Fsearch%2FEmma%252FRose`:
 * they end at the next `%2F`).
 */
const SEARCH_TERM_IN_PATH = /(\/+products\/+search\/+)[^/?&#]*/gi;
const SEARCH_TERM_ENCODED = /(%2Fproducts%2Fsearch%2F)(?:[^&#%]|%(?!2F)[0-9A-F]{2})*/gi;
/** The query's values left out: order links' tokens, and searches (also as `q[]=`, or after a `;`). */
const SECRET_QUERY_VALUE = /([?&;](?:token|nonce|paymentMethodNonce|email|q|next)(?:\[[^\]=&]*\])?=)[^&;#]*/gi;

/**
 * The address with its escaped letters, digits and `-._~` written plainly (RFC 3986 says they are the same
 * address): the router reads `/products/%73earch/Emma` as a search, so the patterns above must see it as one too.
 */
function unescapedUnreserved(url: string): string {
  return url.replace(/%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A request as logged: method, path and host; the caller's address left out, and so are the query's token values
 * (order links) and search text (`q`: staff search orders by a customer's email, name or phone; `next`, the page
 * to return to after signing in, can carry such a search; a shopper's search terms, which are often the name they
 * mean to engrave).
 */
function serializeRequest(request: { method: string; url: string; host?: string; hostname?: string; id?: string }) {
  return {
    method: request.method,
    url: unescapedUnreserved(request.url)
      .replace(SECRET_QUERY_VALUE, `$1${REDACTED}`)
      .replace(SEARCH_TERM_IN_PATH, `$1${REDACTED}`)
      .replace(SEARCH_TERM_ENCODED, `$1${REDACTED}`),
    host: request.host ?? request.hostname,
  };
}

/** The logger of the shop: JSON lines (pino) at the configured level, without personal data, card data or tokens. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}
