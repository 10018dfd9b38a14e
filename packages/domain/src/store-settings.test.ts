import { describe, expect, it } from 'vitest';
import { parseStaffPrice } from './money';
import { estimateShipDate, minutesUntilCutoff, nextSameDayCutoff } from './ship-dates';
import { DEFAULT_STORE_SETTINGS, formatCutoff, isTimeZone, parseClosureDays, parseCutoff, shipCalendarOf, shippingSettingsOf } from './store-settings';
import { findStateProvince, shippingOptions } from './shipping';
import { engravingCharge } from './engraving';

describe('parseStaffPrice', () => {
  it('reads dollars into cents', () => {
    expect(parseStaffPrice('14.75')).toEqual({ cents: 1475 });
    expect(parseStaffPrice('$1,000')).toEqual({ cents: 100000 });
    expect(parseStaffPrice(' 9.5 ')).toEqual({ cents: 950 });
  });

  it('refuses zero unless allowed, negative amounts, more than two decimals and words', () => {
    expect(parseStaffPrice('0')).toEqual({ error: 'must be more than $0.00' });
    expect(parseStaffPrice('0.00', { allowZero: true })).toEqual({ cents: 0 });
    expect(parseStaffPrice('-1')).toEqual({ error: 'must not be negative' });
    expect(parseStaffPrice('1.005')).toEqual({ error: 'must have at most two decimals (whole cents), such as 12.50' });
    expect(parseStaffPrice('ten')).toEqual({ error: 'must be an amount in dollars, such as 12.50' });
    expect(parseStaffPrice('')).toEqual({ error: 'is required' });
    expect(parseStaffPrice('100000.01')).toEqual({ error: 'must be at most $100,000.00' });
  });
});

describe('store settings rules', () => {
  it('reads a 24-hour cutoff and says it as shoppers read it', () => {
    expect(parseCutoff('12:00')).toBe(720);
    expect(parseCutoff('09:30')).toBe(570);
    for (const bad of ['24:00', '9:30', '12:60', 'noon', '12']) expect(parseCutoff(bad), bad).toBeNull();
    expect(formatCutoff('12:00')).toBe('12 noon');
    expect(formatCutoff('14:30')).toBe('2:30 p.m.');
    expect(formatCutoff('09:05')).toBe('9:05 a.m.');
  });

  it('accepts IANA time zones that Intl knows, not abbreviations or made-up places', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['CST', 'America/Atlantis', '', 'Central', '+05:00']) expect(isTimeZone(bad), bad).toBe(false);
  });

  it('reads closure days, sorted, and names every bad one', () => {
    expect(parseClosureDays('2026-12-31\n2026-12-24, 2026-12-26', '2026-11-18')).toEqual({ days: ['2026-12-24', '2026-12-26', '2026-12-31'] });
    expect(parseClosureDays('', '2026-11-18')).toEqual({ days: [] });
    expect(parseClosureDays('2026-11-18', '2026-11-18')).toEqual({ days: ['2026-11-18'] });
    const refused = parseClosureDays('2026-02-30 12/24/2026 2026-12-24 2026-12-24 2026-11-17', '2026-11-18');
    expect(refused).toEqual({
      error: '2026-02-30, 12/24/2026: not a date written YYYY-MM-DD; 2026-12-24: listed twice; 2026-11-17: already past (today is 2026-11-18)',
    });
  });
});

describe('prices and dates follow the settings', () => {
  const wednesdayMorning = new Date('2026-11-18T15:00:00Z'); // 9:00 Central
  const texas = findStateProvince('TX')!;

  it('prices shipping and engraving from the settings, and names ground free only while it is', () => {
    const settings = { ...DEFAULT_STORE_SETTINGS, shippingPrices: { ...DEFAULT_STORE_SETTINGS.shippingPrices, ground: 495, 'two-day': 1600 } };
    const options = shippingOptions(texas, wednesdayMorning, { leadTimeDays: 0, hasAssembly: false }, shippingSettingsOf(settings));
    expect(options.map((option) => [option.name, option.priceCents])).toEqual([
      ['Ground', 495],
      ['2-3 Day', 1600],
      ['Next Business Day', 2495],
      ['Saturday Delivery', 3975],
    ]);
    expect(engravingCharge('Love you', 40, { centsPerCharacter: 100, freeMetalIds: [] })).toBe(700);
    expect(engravingCharge('Love you', 10, { centsPerCharacter: 100, freeMetalIds: [] })).toBe(700);
    expect(engravingCharge('Love you', 40, { centsPerCharacter: 100, freeMetalIds: [40] })).toBe(0);
  });

  it('moves the cutoff, its time zone and the closure days', () => {
    const earlier = shipCalendarOf({ ...DEFAULT_STORE_SETTINGS, sameDayCutoff: '08:30' });
    expect(minutesUntilCutoff(wednesdayMorning, earlier)).toBeNull();
    expect(estimateShipDate(wednesdayMorning, earlier)).toBe('2026-11-19');
    const newYork = shipCalendarOf({ ...DEFAULT_STORE_SETTINGS, timeZone: 'America/New_York' });
    expect(minutesUntilCutoff(wednesdayMorning, newYork)).toBe(120); // 10:00 Eastern
    expect(nextSameDayCutoff(wednesdayMorning, newYork).toISOString()).toBe('2026-11-18T17:00:00.000Z');
    const closed = shipCalendarOf({ ...DEFAULT_STORE_SETTINGS, closureDays: ['2026-11-18', '2026-11-19'] });
    expect(minutesUntilCutoff(wednesdayMorning, closed)).toBeNull();
    expect(estimateShipDate(wednesdayMorning, closed)).toBe('2026-11-20');
    expect(estimateShipDate(wednesdayMorning, closed, { assemblyDays: 1 })).toBe('2026-11-23');
  });
});
