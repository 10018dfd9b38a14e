import { describe, expect, it } from 'vitest';
import { shipDateInWords, shortDay } from './ship-date';

/** Every day of 2026 to 2029, as ISO dates. */
function days(): string[] {
  const all: string[] = [];
  for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2030, 0, 1); time += 86_400_000) all.push(new Date(time).toISOString().slice(0, 10));
  return all;
}

describe('ship date in words', () => {
  it('names the weekday and date of a calendar day, whatever the machine time zone', () => {
    expect(shipDateInWords('2026-11-24')).toBe('Tuesday, November 24');
    expect(shipDateInWords('2027-01-01')).toBe('Friday, January 1');
    expect(shortDay('2026-12-02')).toBe('Wed, Dec 2');
  });

  it('says every day as en-US Intl says it, long and short', () => {
    const long = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
    for (const day of days()) {
      const noon = new Date(`${day}T12:00:00Z`);
      expect(shipDateInWords(day), day).toBe(long.format(noon));
      expect(shortDay(day), day).toBe(short.format(noon));
    }
  });

  it('leaves anything that is not a date as it is', () => {
    for (const text of ['soon', '', '2026-13-01', '2026-11-24T00:00:00Z', '26-11-24']) {
      expect(shipDateInWords(text)).toBe(text);
      expect(shortDay(text)).toBe(text);
    }
  });
});
