/**
 * Payments in test mode: the card typed on the checkout page becomes one of Braintree's documented sandbox nonces
 * here, in the browser, so our server only ever sees a nonce (as with Hosted Fields). Pure: no DOM, no clock.
 */

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Discover';

/** Braintree's sandbox test cards and the nonces that stand for them. */
export const TEST_CARDS: readonly { number: string; brand: CardBrand; nonce: string; outcome: 'approved' | 'declined' }[] = [
  { number: '4111111111111111', brand: 'Visa', nonce: 'fake-valid-visa-nonce', outcome: 'approved' },
  { number: '5555555555554444', brand: 'Mastercard', nonce: 'fake-valid-mastercard-nonce', outcome: 'approved' },
  { number: '378282246310005', brand: 'American Express', nonce: 'fake-valid-amex-nonce', outcome: 'approved' },
  { number: '6011000991300009', brand: 'Discover', nonce: 'fake-valid-discover-nonce', outcome: 'approved' },
  { number: '4000111111111115', brand: 'Visa', nonce: 'fake-processor-declined-visa-nonce', outcome: 'declined' },
];

export interface CardInput {
  number: string;
  /** MM/YY (MM/YYYY and MMYY are read too). */
  expiry: string;
  cvv: string;
}

export type CardField = keyof CardInput;
export type CardErrors = Partial<Record<CardField, string>>;

export type TokenizeResult =
  | { ok: true; nonce: string; brand: CardBrand; lastFour: string }
  | { ok: false; errors: CardErrors };

/** Digits only: shoppers type spaces and dashes. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The expiry's month and 4-digit year, or null when it is not MM/YY. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
function expiryError(expiry: string, now: Date): string | undefined {
  if (!expiry.trim()) return 'Enter the expiry date (MM/YY)';
  const parsed = parseExpiry(expiry);
  if (!parsed) return 'Enter the expiry date as MM/YY';
  const current = now.getFullYear() * 12 + now.getMonth();
  if (parsed.year * 12 + (parsed.month - 1) < current) return 'This card has expired';
  return undefined;
}

function cvvError(cvv: string, brand: CardBrand | undefined): string | undefined {
  const wanted = brand === 'American Express' ? 4 : brand ? 3 : undefined;
  const trimmed = cvv.trim();
  if (!trimmed) return 'Enter the security code (CVV)';
  if (wanted ? trimmed.length !== wanted || !/^\d+$/.test(trimmed) : !/^\d{3,4}$/.test(trimmed)) {
    return wanted ? `The security code is ${wanted} digits` : 'The security code is 3 or 4 digits';
  }
  return undefined;
}

/** The typed card as a sandbox nonce, or the errors to show beside each card field. */
export function tokenizeTestCard(input: CardInput, now: Date): TokenizeResult {
  const digits = cardDigits(input.number);
  const errors: CardErrors = {};
  const card = TEST_CARDS.find((test) => test.number === digits);
  if (!digits) errors.number = 'Enter the card number';
  else if (!/^\d+$/.test(digits) || !passesLuhn(digits)) errors.number = 'Check the card number';
  else if (!card) errors.number = 'Payments are in test mode: only the test card numbers listed above work';
  const expiry = expiryError(input.expiry, now);
  if (expiry) errors.expiry = expiry;
  const cvv = cvvError(input.cvv, card?.brand);
  if (cvv) errors.cvv = cvv;
  if (!card || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, nonce: card.nonce, brand: card.brand, lastFour: digits.slice(-4) };
}
