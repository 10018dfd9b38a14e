import { describe, expect, it } from 'vitest';
import { shipDateInWords } from './ship-date';

describe('ship date in words', () => {
  it('names the weekday and date of a calendar day, whatever the machine time zone', () => {
    expect(shipDateInWords('2026-11-24')).toBe('Tuesday, November 24');
    expect(shipDateInWords('2027-01-01')).toBe('Friday, January 1');
  });

  it('leaves anything that is not a date as it is', () => {
    expect(shipDateInWords('soon')).toBe('soon');
  });
});
