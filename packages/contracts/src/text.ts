import { z } from 'zod';
import { fieldMessage } from './messages';

/**
 * Text that people type (names, an address, comments, a promo code, a search) and text the storefront passes
 * along (a page path, a payment nonce) never holds NUL or other control characters, nor half of a UTF-16
 * surrogate pair: PostgreSQL cannot store NUL in text, a lone surrogate has no UTF-8 form, and a control
 * character in a name or a path is someone probing, not a shopper. Text that may run over several lines
 * (order comments, a gift message) keeps its tabs and line breaks.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** What is wrong with a piece of text, as a field message ("must not contain ..."), or null when nothing is. */
export function textProblem(value: string, options: { lines?: boolean } = {}): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if ((options.lines ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(value)) return 'must not contain broken characters (half of a UTF-16 surrogate pair)';
  return null;
}

/**
 * A string field that refuses what textProblem finds; every text field of the API starts here.
 * `message` is what a value of another type is told (as in fieldMessage); `lines` allows tabs and line breaks.
 */
export function safeText(options: { message?: string; lines?: boolean } = {}) {
  const lines = options.lines ?? false;
  return z
    .string(fieldMessage(options.message ?? 'must be text'))
    .refine((value) => textProblem(value, { lines }) === null, {
      abort: true,
      error: (issue) => (typeof issue.input === 'string' ? (textProblem(issue.input, { lines }) ?? 'is not valid text') : 'is not valid text'),
    });
}

/**
 * The text a storefront path stands for, read as the catalog reads it: each segment percent-decoded (a segment
 * whose escapes decode to no text stays as written: the catalog finds no listing there), and the query's names
 * and values.
 */
function decodedPath(path: string): string {
  const [pathname = '', query = ''] = path.split('#')[0]!.split('?', 2);
  const parts = pathname.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment.replaceAll('+', ' '));
    } catch {
      return segment;
    }
  });
  for (const [name, value] of new URLSearchParams(query)) parts.push(name, value);
  return parts.join('/');
}

/**
 * A storefront path as the address bar has it (percent-encoded, perhaps with a query): safe text both as
 * written and as decoded, since the catalog reads its segments and its query decoded (`/products/search/%00`).
 */
export function storefrontPath(message: string) {
  return safeText({ message }).refine((path) => textProblem(decodedPath(path)) === null, {
    error: (issue) => textProblem(decodedPath(String(issue.input))) ?? 'is not valid text',
  });
}

/** The largest id the database holds (its ids are 32-bit integers): an id above it names nothing. */
export const ID_MAX = 2_147_483_647;

/**
 * A whole number written in a path or query: plain digits only, so `0x10`, `1e1`, ` 5` and `5.0` are refused
 * instead of being read as 16, 10, 5 and 5. Up to 9 digits, so the value always fits the database's integers.
 */
export function digitsText(message = 'must be a whole number') {
  return z
    .string(fieldMessage(message))
    .regex(/^\d{1,9}$/, { message })
    .transform(Number);
}

/** An id written in a path or query: plain digits (digitsText), 1 or more. */
export function idText(message: string) {
  return digitsText(message).pipe(z.number().min(1, { message }));
}

/** A decimal number written in a query (bracelet sizes such as 7.5): digits with at most one point. */
export function decimalText(message = 'must be a number') {
  return z
    .string(fieldMessage(message))
    .regex(/^\d{1,4}(\.\d{1,4})?$/, { message })
    .transform(Number);
}
