import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, parseDollars, parseStaffPrice, percentOf, sumCents, timesQuantity } from './money';

describe('formatCents', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(75)).toBe('$0.75');
    expect(formatCents(9250)).toBe('$92.50');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatCents(-123456789)).toBe('-$1,234,567.89');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
  });

  it('writes what Intl.NumberFormat writes for en-US dollars', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [1, 10, 99, 101, 999, 1000, 99_999, 100_001, 5_000_050, -1, -99_999, 987_654_321_0]) {
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
    }
  });

  it('refuses fractional cents instead of rounding them silently', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});

describe('parseDollars', () => {
  it('reads amounts as shoppers and query strings write them', () => {
    expect(parseDollars('42.50')).toBe(4250);
    expect(parseDollars('42.5')).toBe(4250);
    expect(parseDollars('42')).toBe(4200);
    expect(parseDollars('$1,042.05')).toBe(104205);
    expect(parseDollars(' 0.75 ')).toBe(75);
  });

  it('rejects what is not an amount', () => {
    for (const bad of ['', 'abc', '-1', '1.234', '1e3', '12,34', '$', '1..2']) {
      expect(parseDollars(bad)).toBeNull();
    }
  });
});

describe('arithmetic in cents', () => {
  it('adds, multiplies and takes percentages without floating-point drift', () => {
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(timesQuantity(1995, 3)).toBe(5985);
    expect(percentOf(1999, 10)).toBe(200);
    expect(percentOf(5, 10)).toBe(1);
  });
});

describe('parseStaffPrice', () => {
  it('reads prices as staff type them', () => {
    expect(parseStaffPrice('12.50')).toEqual({ cents: 1250 });
    expect(parseStaffPrice(' 12.5 ')).toEqual({ cents: 1250 });
    expect(parseStaffPrice('$1,042')).toEqual({ cents: 104200 });
    expect(parseStaffPrice('.99')).toEqual({ cents: 99 });
    expect(parseStaffPrice('100000')).toEqual({ cents: 100_000_00 });
  });

  it('tells each kind of mistake apart instead of rounding or clamping', () => {
    expect(parseStaffPrice('')).toEqual({ error: 'is required' });
    expect(parseStaffPrice('0')).toEqual({ error: 'must be more than $0.00' });
    expect(parseStaffPrice('0.00')).toEqual({ error: 'must be more than $0.00' });
    expect(parseStaffPrice('-5')).toEqual({ error: 'must not be negative' });
    expect(parseStaffPrice('-0.5')).toEqual({ error: 'must not be negative' });
    expect(parseStaffPrice('12.505')).toEqual({ error: 'must have at most two decimals (whole cents), such as 12.50' });
    expect(parseStaffPrice('twelve')).toEqual({ error: 'must be an amount in dollars, such as 12.50' });
    expect(parseStaffPrice('1e3')).toEqual({ error: 'must be an amount in dollars, such as 12.50' });
    expect(parseStaffPrice('12,50')).toEqual({ error: 'must be an amount in dollars, such as 12.50' });
    expect(parseStaffPrice('100000.01')).toEqual({ error: 'must be at most $100,000.00' });
  });
});

describe('formatCount', () => {
  it('groups thousands by commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(-4200)).toBe('-4,200');
  });

  it('writes every whole number as en-US toLocaleString does', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (value) => formatCount(value) === value.toLocaleString('en-US')));
  });

  it('refuses what is not a whole number', () => {
    for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(() => formatCount(value)).toThrow(RangeError);
  });
});
