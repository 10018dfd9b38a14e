/** Money is always an integer number of cents; formatting happens only at the edge. */
export type Cents = number;

/**
 * A whole number as en-US writes it: 1834 -> "1,834" (the dollars of formatCents, and the counts pages show).
 * Written out rather than with toLocaleString or Intl.NumberFormat, which are several times dearer per call on the
 * server, and whose first use in a browser loads ICU's locale data, about 20 ms of a phone's main thread while a
 * listing hydrates (decision 0053). Here rather than in a file of its own so that the browser gets no extra file.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number: ${value}`);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value;
}

/** 1234 -> "$12.34"; negative amounts keep their sign: -500 -> "-$5.00". */
export function formatCents(cents: Cents): string {
  // Written out rather than Intl.NumberFormat: a bag answer formats dozens of amounts, and this is several
  // times cheaper for the same text (en-US: thousands by commas, always two decimals).
  const whole = Math.abs(assertCents(cents));
  const dollars = formatCount(Math.floor(whole / 100));
  const rest = whole % 100;
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest < 10 ? '0' : ''}${rest}`;
}

/**
 * Parses a dollar amount as a shopper or a query string writes it ("42.5", "$1,042.50") into cents.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 */
export function parseDollars(text: string): Cents | null {
  const match = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((total, value) => total + assertCents(value), 0);
}

/** Multiplies cents by a whole quantity. */
export function timesQuantity(unit: Cents, quantity: number): Cents {
  return assertCents(assertCents(unit) * quantity);
}

/** A percentage of an amount, rounded half up to the cent (10% of $0.05 is $0.01). */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((assertCents(cents) * percent) / 100);
}

/** The highest price staff may type: beyond it is a slip of the finger (an extra zero or two). */
export const MAX_STAFF_PRICE_CENTS: Cents = 100_000_00;

/**
 * A price as staff type it in a form or a CSV cell ("12.50", "$1,042", "12.5") into cents, or the reason it is not
 * one. The one parser of typed prices: zero, negative, more than two decimals and non-numbers each get their own
 * message (said after the field's name: "price must be ..."), never a rounded or clamped value. Zero is refused
 * unless `allowZero` (a shipping type that costs nothing).
 */
export function parseStaffPrice(text: string, options: { allowZero?: boolean } = {}): { cents: Cents } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'is required' };
  const unsigned = trimmed.replace(/^-\s*/, '');
  const shape = /^\$?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/.exec(unsigned);
  if (!shape || (shape[1] === undefined && shape[2] === undefined)) return { error: 'must be an amount in dollars, such as 12.50' };
  if ((shape[2] ?? '').length > 2) return { error: 'must have at most two decimals (whole cents), such as 12.50' };
  const cents = Number((shape[1] ?? '0').replaceAll(',', '')) * 100 + Number((shape[2] ?? '').padEnd(2, '0'));
  if (unsigned !== trimmed && cents > 0) return { error: 'must not be negative' };
  if (cents === 0 && !options.allowZero) return { error: 'must be more than $0.00' };
  if (!Number.isSafeInteger(cents) || cents > MAX_STAFF_PRICE_CENTS) return { error: `must be at most ${formatCents(MAX_STAFF_PRICE_CENTS)}` };
  return { cents };
}
