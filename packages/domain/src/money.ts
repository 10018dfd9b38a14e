/** Money is always an integer number of cents; formatting happens only at the edge. */
export type Cents = number;

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value;
}

/** 1234 -> "$12.34"; negative amounts keep their sign: -500 -> "-$5.00". */
export function formatCents(cents: Cents): string {
  // Written out rather than Intl.NumberFormat: a bag answer formats dozens of amounts, and this is several
  // times cheaper for the same text (en-US: thousands by commas, always two decimals).
  const whole = Math.abs(assertCents(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
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
