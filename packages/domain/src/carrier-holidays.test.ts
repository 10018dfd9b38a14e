import { describe, expect, it } from 'vitest';
import { carrierHolidays, isCarrierHoliday } from './carrier-holidays';

describe('carrier holidays', () => {
  it('finds the six holidays of 2026, July 4 (a Saturday) observed the Friday before', () => {
    expect(carrierHolidays(2026).map((holiday) => [holiday.name, holiday.date, holiday.observed])).toEqual([
      ["New Year's Day", '2026-01-01', '2026-01-01'],
      ['Memorial Day', '2026-05-25', '2026-05-25'],
      ['Independence Day', '2026-07-04', '2026-07-03'],
      ['Labor Day', '2026-09-07', '2026-09-07'],
      ['Thanksgiving', '2026-11-26', '2026-11-26'],
      ['Christmas Day', '2026-12-25', '2026-12-25'],
    ]);
  });

  it('observes a Sunday holiday the Monday after and a Saturday one the Friday before, across the new year', () => {
    // July 4, 2027 is a Sunday; Christmas 2027 and New Year's Day 2028 are Saturdays.
    expect(isCarrierHoliday('2027-07-05')).toBe(true);
    expect(isCarrierHoliday('2027-12-24')).toBe(true);
    expect(isCarrierHoliday('2027-12-31')).toBe(true);
    expect(carrierHolidays(2027).map((holiday) => holiday.date)).toEqual(['2027-01-01', '2027-05-31', '2027-07-04', '2027-09-06', '2027-11-25', '2027-12-25']);
    expect(carrierHolidays(2028).map((holiday) => holiday.date)).toContain('2028-11-23');
  });

  it('leaves ordinary days alone', () => {
    for (const date of ['2026-11-25', '2026-11-27', '2026-12-24', '2026-12-31', '2027-07-06', '2026-05-26']) {
      expect(isCarrierHoliday(date), date).toBe(false);
    }
  });
});
