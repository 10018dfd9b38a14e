import { describe, expect, it } from 'vitest';
import { isCarrierHoliday } from './carrier-holidays';
import {
  DEFAULT_SHIP_CALENDAR as central,
  SHIPPING_TIME_ZONE,
  addBusinessDays,
  addDays,
  estimateShipDate,
  firstShipDate,
  isBusinessDay,
  minutesUntilCutoff,
  nextSameDayCutoff,
  nextShipDateChange,
  storeDayBounds,
  storeTime,
  zonedInstant,
} from './ship-dates';

const centralInstant = (date: string, hour: number) => zonedInstant(date, hour * 60, SHIPPING_TIME_ZONE);
const toCentral = (instant: Date) => storeTime(instant, SHIPPING_TIME_ZONE);

describe('the noon Central same-day cutoff', () => {
  it('ships the same day before noon Central on a business day', () => {
    // Wednesday 2026-11-18, 11:59 CST = 17:59 UTC.
    expect(firstShipDate(new Date('2026-11-18T17:59:00Z'), central)).toBe('2026-11-18');
    expect(minutesUntilCutoff(new Date('2026-11-18T17:59:00Z'), central)).toBe(1);
  });

  it('counts down to no cutoff for an order that cannot ship today: an item made to order, or assembly', () => {
    const morning = new Date('2026-11-18T15:00:00Z');
    expect(minutesUntilCutoff(morning, central)).toBe(180);
    expect(minutesUntilCutoff(morning, central, { leadTimeDays: 0, assemblyDays: 0 })).toBe(180);
    expect(minutesUntilCutoff(morning, central, { leadTimeDays: 5 })).toBeNull();
    expect(minutesUntilCutoff(morning, central, { assemblyDays: 3 })).toBeNull();
  });

  it('ships the next business day from noon on', () => {
    expect(firstShipDate(new Date('2026-11-18T18:00:00Z'), central)).toBe('2026-11-19');
    expect(minutesUntilCutoff(new Date('2026-11-18T18:00:00Z'), central)).toBeNull();
  });

  it('rolls Friday afternoon and the weekend to Monday', () => {
    expect(firstShipDate(new Date('2026-11-20T19:00:00Z'), central)).toBe('2026-11-23');
    expect(firstShipDate(new Date('2026-11-21T15:00:00Z'), central)).toBe('2026-11-23');
    expect(firstShipDate(new Date('2026-11-22T15:00:00Z'), central)).toBe('2026-11-23');
  });

  it('uses Central time, not UTC, around midnight', () => {
    // Tuesday 2026-11-17 23:30 CST is already Wednesday in UTC.
    expect(toCentral(new Date('2026-11-18T05:30:00Z')).date).toBe('2026-11-17');
    expect(firstShipDate(new Date('2026-11-18T05:30:00Z'), central)).toBe('2026-11-18');
  });

  it('follows daylight saving time: noon is 17:00 UTC in summer, 18:00 UTC in winter', () => {
    // Monday 2026-03-09, the day after clocks went forward (CDT, UTC-5).
    expect(firstShipDate(new Date('2026-03-09T16:59:00Z'), central)).toBe('2026-03-09');
    expect(firstShipDate(new Date('2026-03-09T17:00:00Z'), central)).toBe('2026-03-10');
    // Monday 2026-11-02, the day after clocks went back (CST, UTC-6).
    expect(firstShipDate(new Date('2026-11-02T17:30:00Z'), central)).toBe('2026-11-02');
    expect(firstShipDate(new Date('2026-11-02T18:00:00Z'), central)).toBe('2026-11-03');
  });
});

describe('estimated ship date', () => {
  it('adds lead time and assembly in business days', () => {
    const wednesdayMorning = new Date('2026-11-18T15:00:00Z');
    expect(estimateShipDate(wednesdayMorning, central)).toBe('2026-11-18');
    expect(estimateShipDate(wednesdayMorning, central, { assemblyDays: 3 })).toBe('2026-11-23');
    // Ten business days after 2026-11-18, past the weekends and Thanksgiving.
    expect(estimateShipDate(wednesdayMorning, central, { leadTimeDays: 10 })).toBe('2026-12-03');
  });

  it('counts business days across weekends', () => {
    expect(addBusinessDays('2026-11-20', 1)).toBe('2026-11-23');
    expect(addBusinessDays('2026-11-20', 0)).toBe('2026-11-20');
  });
});

describe('Central wall-clock instants', () => {
  it('finds the hour in standard and in daylight time', () => {
    expect(centralInstant('2026-11-18', 12).toISOString()).toBe('2026-11-18T18:00:00.000Z');
    expect(centralInstant('2026-07-01', 12).toISOString()).toBe('2026-07-01T17:00:00.000Z');
    expect(centralInstant('2026-11-18', 0).toISOString()).toBe('2026-11-18T06:00:00.000Z');
    // The nights the clocks change: midnight is still before the change.
    expect(centralInstant('2026-03-08', 0).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(centralInstant('2026-11-01', 0).toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('bounds a store day in the store\'s own time zone, whatever it is (the admin\'s day filters and reports)', () => {
    const chicago = storeDayBounds('2026-11-18', 'America/Chicago');
    expect([chicago.start.toISOString(), chicago.end.toISOString()]).toEqual(['2026-11-18T06:00:00.000Z', '2026-11-19T06:00:00.000Z']);
    const newYork = storeDayBounds('2026-11-18', 'America/New_York');
    expect([newYork.start.toISOString(), newYork.end.toISOString()]).toEqual(['2026-11-18T05:00:00.000Z', '2026-11-19T05:00:00.000Z']);
    // The day the clocks go back is 25 hours long.
    const fallBack = storeDayBounds('2026-11-01', 'America/Los_Angeles');
    expect((fallBack.end.getTime() - fallBack.start.getTime()) / 3_600_000).toBe(25);
    // 23:30 in Chicago is already the next day in New York: the same instant is in one store day or the other.
    const lateEvening = new Date('2026-11-19T05:30:00Z');
    expect(storeTime(lateEvening, 'America/Chicago').date).toBe('2026-11-18');
    expect(storeTime(lateEvening, 'America/New_York').date).toBe('2026-11-19');
  });

  it("gives today's noon cutoff on a business day (even after it), and Monday's at the weekend", () => {
    expect(nextSameDayCutoff(new Date('2026-11-18T15:00:00Z'), central).toISOString()).toBe('2026-11-18T18:00:00.000Z');
    expect(nextSameDayCutoff(new Date('2026-11-18T20:00:00Z'), central).toISOString()).toBe('2026-11-18T18:00:00.000Z');
    expect(nextSameDayCutoff(new Date('2026-11-21T15:00:00Z'), central).toISOString()).toBe('2026-11-23T18:00:00.000Z');
  });
});

describe('carrier holidays', () => {
  it('ships an order placed the Wednesday before Thanksgiving after noon on Friday, not Thursday', () => {
    // Wednesday 2026-11-25, 13:00 CST.
    expect(firstShipDate(new Date('2026-11-25T19:00:00Z'), central)).toBe('2026-11-27');
    // Ordered on Thanksgiving morning: no same-day shipping, no countdown.
    expect(firstShipDate(new Date('2026-11-26T15:00:00Z'), central)).toBe('2026-11-27');
    expect(minutesUntilCutoff(new Date('2026-11-26T15:00:00Z'), central)).toBeNull();
  });

  it('ships a Christmas Eve afternoon order the Monday after Christmas (a Friday) and the weekend', () => {
    expect(firstShipDate(new Date('2026-12-24T15:00:00Z'), central)).toBe('2026-12-24');
    expect(firstShipDate(new Date('2026-12-24T19:00:00Z'), central)).toBe('2026-12-28');
    // Assembly's 3 business days from Christmas Eve morning: the 28th, 29th and 30th.
    expect(estimateShipDate(new Date('2026-12-24T15:00:00Z'), central, { assemblyDays: 3 })).toBe('2026-12-30');
  });

  it('skips the observed day of a holiday at the weekend', () => {
    // July 4, 2027 is a Sunday, observed Monday July 5: a Friday afternoon order ships Tuesday.
    expect(firstShipDate(new Date('2027-07-02T18:00:00Z'), central)).toBe('2027-07-06');
    expect(addBusinessDays('2027-07-02', 1)).toBe('2027-07-06');
    // July 4, 2026 is a Saturday, observed Friday July 3.
    expect(addBusinessDays('2026-07-02', 1)).toBe('2026-07-06');
  });

  it('moves the same-day cutoff shown to staff past the holiday', () => {
    expect(nextSameDayCutoff(new Date('2026-11-26T15:00:00Z'), central).toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(nextSameDayCutoff(new Date('2026-12-25T15:00:00Z'), central).toISOString()).toBe('2026-12-28T18:00:00.000Z');
  });

  it('never ships on a weekend or a holiday, 2026 through 2029, whenever the order is placed', () => {
    // Mistakes gathered and asserted once: an expect() per day is most of the cost of this loop.
    const mistakes: string[] = [];
    for (let date = '2026-01-01'; date < '2030-01-01'; date = addDays(date, 1)) {
      for (const hour of [9, 15]) {
        const placed = centralInstant(date, hour);
        for (const shipDate of [firstShipDate(placed, central), estimateShipDate(placed, central, { leadTimeDays: 5, assemblyDays: 3 })]) {
          const weekend = [0, 6].includes(new Date(`${shipDate}T00:00:00Z`).getUTCDay());
          if (!isBusinessDay(shipDate) || isCarrierHoliday(shipDate) || weekend) mistakes.push(`${date} ${hour}:00 -> ${shipDate}`);
        }
        const cutoffDay = toCentral(nextSameDayCutoff(placed, central)).date;
        if (!isBusinessDay(cutoffDay)) mistakes.push(`${date} ${hour}:00 -> cutoff on ${cutoffDay}`);
      }
    }
    expect(mistakes).toEqual([]);
  });
});

describe('when what a page says about shipping can next change', () => {
  it('is the cutoff on a shipping day before it, then the store\'s midnight', () => {
    // Tuesday 24 November 2026, Central time (standard: UTC-6).
    expect(nextShipDateChange(centralInstant('2026-11-24', 9), central).toISOString()).toBe('2026-11-24T18:00:00.000Z');
    expect(nextShipDateChange(centralInstant('2026-11-24', 12), central).toISOString()).toBe('2026-11-25T06:00:00.000Z');
    expect(nextShipDateChange(centralInstant('2026-11-24', 23), central).toISOString()).toBe('2026-11-25T06:00:00.000Z');
  });

  it('is midnight on a day nothing ships (a Saturday, a closure day)', () => {
    expect(nextShipDateChange(centralInstant('2026-11-28', 9), central).toISOString()).toBe('2026-11-29T06:00:00.000Z');
    const closed = { ...central, closureDays: new Set(['2026-11-24']) };
    expect(nextShipDateChange(centralInstant('2026-11-24', 9), closed).toISOString()).toBe('2026-11-25T06:00:00.000Z');
  });

  it('never passes a moment at which the first ship date moves, from October to the new year (a daylight saving change, holidays, closures) in 20-minute steps', () => {
    const closed = { ...central, cutoffMinutes: 14 * 60 + 30, closureDays: new Set(['2026-10-16', '2026-12-28']) };
    for (let time = Date.parse('2026-10-01T00:00:00Z'); time < Date.parse('2027-01-01T00:00:00Z'); time += 20 * 60_000) {
      const instant = new Date(time);
      const change = nextShipDateChange(instant, closed);
      expect(change.getTime()).toBeGreaterThan(time);
      // Just before the change the ship date is still the one shown at `instant`.
      expect(firstShipDate(new Date(change.getTime() - 1), closed)).toBe(firstShipDate(instant, closed));
    }
  });
});
