import { DEFAULT_SHIP_CALENDAR as central, SHIPPING_TIME_ZONE, firstShipDate, nextShipDateChange, zonedInstant } from '@charms/domain/ship-dates';
import { describe, expect, it } from 'vitest';
import { SAFETY_TTL_MS, pageExpiry } from './page-freshness';

/** Tuesday 24 November 2026 in Central time, at hh:mm:ss. */
const tuesday = (hour: number, minute = 0, second = 0) => zonedInstant('2026-11-24', hour * 60 + minute, SHIPPING_TIME_ZONE).getTime() + second * 1000;
const noon = tuesday(12);

describe('how long a shared page is kept', () => {
  it('at most the safety TTL on an ordinary morning', () => {
    expect(pageExpiry(tuesday(9), central, 60)).toBe(tuesday(9) + SAFETY_TTL_MS);
  });

  it('not past the same-day cutoff, after which the product page\'s ship date moves', () => {
    expect(firstShipDate(new Date(noon - 1), central)).not.toBe(firstShipDate(new Date(noon), central));
    expect(pageExpiry(tuesday(11, 55), central, 60)).toBe(noon);
  });

  it('not at all when rendered just after the cutoff from an answer the API may have kept from before it', () => {
    expect(pageExpiry(tuesday(12, 0, 30), central, 60)).toBeLessThanOrEqual(tuesday(12, 0, 30));
    expect(pageExpiry(tuesday(12, 1, 30), central, 60)).toBe(tuesday(12, 1, 30) + SAFETY_TTL_MS);
    // With the API's cache off, from the cutoff on.
    expect(pageExpiry(tuesday(12, 0, 30), central, 0)).toBe(tuesday(12, 0, 30) + SAFETY_TTL_MS);
  });

  it('not into the next day (the store\'s) nor the next year (the footer\'s)', () => {
    expect(pageExpiry(tuesday(23, 55), central, 60)).toBe(zonedInstant('2026-11-25', 0, SHIPPING_TIME_ZONE).getTime());
    // A store far west (its midnight long after the server's new year): the year decides.
    const lastMinute = new Date(2026, 11, 31, 23, 59).getTime();
    expect(pageExpiry(lastMinute, { ...central, timeZone: 'Pacific/Pago_Pago' }, 60)).toBe(new Date(2027, 0, 1).getTime());
  });

  it('the same whether the calendar was asked before or not, forwards and backwards through cutoffs and midnights', () => {
    const kept = { ...central, closureDays: new Set(['2026-11-26']) };
    // The rule itself, asked afresh each time (pageExpiry keeps its last answer).
    const fresh = (instant: number) => Math.min(instant + SAFETY_TTL_MS, nextShipDateChange(new Date(instant - 60_000), kept).getTime(), new Date(2027, 0, 1).getTime());
    const instants: number[] = [];
    for (let minute = -90; minute < 3 * 24 * 60; minute += 7) instants.push(tuesday(0) + minute * 60_000 + 13_000);
    for (const instant of [...instants, ...[...instants].reverse()]) {
      expect(pageExpiry(instant, kept, 60)).toBe(fresh(instant));
    }
  });

  it('not the answer kept for another calendar: a closure day added since counts at once', () => {
    const morning = tuesday(9);
    expect(pageExpiry(morning, central, 0)).toBe(morning + SAFETY_TTL_MS);
    // Closed today: nothing ships, so the ship date moves at midnight, not at noon; both are beyond the safety TTL.
    const closedToday = { ...central, closureDays: new Set(['2026-11-24']) };
    expect(pageExpiry(tuesday(11, 55), closedToday, 0)).toBe(tuesday(11, 55) + SAFETY_TTL_MS);
    expect(pageExpiry(tuesday(11, 55), central, 0)).toBe(noon);
  });
});
