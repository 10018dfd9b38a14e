import { describe, expect, it } from 'vitest';
import { TEST_CARDS, passesLuhn, tokenizeTestCard } from './test-tokenizer';

const now = new Date(2026, 10, 22); // 22 November 2026
const good = { expiry: '12/28', cvv: '123' };

describe('tokenizeTestCard', () => {
  it.each([
    ['4111111111111111', 'fake-valid-visa-nonce', 'Visa', '123'],
    ['5555555555554444', 'fake-valid-mastercard-nonce', 'Mastercard', '123'],
    ['378282246310005', 'fake-valid-amex-nonce', 'American Express', '1234'],
    ['6011000991300009', 'fake-valid-discover-nonce', 'Discover', '123'],
    ['4000111111111115', 'fake-processor-declined-visa-nonce', 'Visa', '123'],
  ])('%s becomes %s', (number, nonce, brand, cvv) => {
    expect(tokenizeTestCard({ number, expiry: '12/28', cvv }, now)).toEqual({ ok: true, nonce, brand, lastFour: number.slice(-4) });
  });

  it('ignores spaces and dashes', () => {
    expect(tokenizeTestCard({ ...good, number: '4111 1111-1111 1111' }, now)).toMatchObject({ ok: true, nonce: 'fake-valid-visa-nonce' });
  });

  it('asks to check a number that fails the Luhn check', () => {
    expect(tokenizeTestCard({ ...good, number: '4111 1111 1111 1112' }, now)).toEqual({ ok: false, errors: { number: 'Check the card number' } });
    expect(tokenizeTestCard({ ...good, number: '4111 abcd' }, now)).toEqual({ ok: false, errors: { number: 'Check the card number' } });
  });

  it('says only the test cards work for any other valid number', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    const result = tokenizeTestCard({ ...good, number: '4242 4242 4242 4242' }, now);
    expect(result).toEqual({ ok: false, errors: { number: expect.stringMatching(/test mode: only the test card numbers/) } });
  });

  it('asks for a number when none is typed', () => {
    expect(tokenizeTestCard({ ...good, number: '  ' }, now)).toEqual({ ok: false, errors: { number: 'Enter the card number' } });
  });

  it('takes an expiry in this month or later, and refuses past, malformed and missing ones', () => {
    const card = { number: '4111111111111111', cvv: '123' };
    expect(tokenizeTestCard({ ...card, expiry: '11/26' }, now).ok).toBe(true);
    expect(tokenizeTestCard({ ...card, expiry: '01/2030' }, now).ok).toBe(true);
    expect(tokenizeTestCard({ ...card, expiry: '10/26' }, now)).toEqual({ ok: false, errors: { expiry: 'This card has expired' } });
    expect(tokenizeTestCard({ ...card, expiry: '13/28' }, now)).toEqual({ ok: false, errors: { expiry: 'Enter the expiry date as MM/YY' } });
    expect(tokenizeTestCard({ ...card, expiry: 'soon' }, now)).toEqual({ ok: false, errors: { expiry: 'Enter the expiry date as MM/YY' } });
    expect(tokenizeTestCard({ ...card, expiry: '' }, now)).toEqual({ ok: false, errors: { expiry: 'Enter the expiry date (MM/YY)' } });
  });

  it('wants 3 CVV digits, 4 for American Express', () => {
    expect(tokenizeTestCard({ number: '4111111111111111', expiry: '12/28', cvv: '1234' }, now)).toEqual({ ok: false, errors: { cvv: 'The security code is 3 digits' } });
    expect(tokenizeTestCard({ number: '378282246310005', expiry: '12/28', cvv: '123' }, now)).toEqual({ ok: false, errors: { cvv: 'The security code is 4 digits' } });
    expect(tokenizeTestCard({ number: '4111111111111111', expiry: '12/28', cvv: '' }, now)).toEqual({ ok: false, errors: { cvv: 'Enter the security code (CVV)' } });
    expect(tokenizeTestCard({ number: '4111111111111111', expiry: '12/28', cvv: '12a' }, now).ok).toBe(false);
  });

  it('reports every wrong field at once', () => {
    expect(tokenizeTestCard({ number: '1234', expiry: '', cvv: '1' }, now)).toEqual({
      ok: false,
      errors: { number: 'Check the card number', expiry: 'Enter the expiry date (MM/YY)', cvv: 'The security code is 3 or 4 digits' },
    });
  });

  it('every test card passes the Luhn check', () => {
    expect(TEST_CARDS.every((card) => passesLuhn(card.number))).toBe(true);
  });
});
