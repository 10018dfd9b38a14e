import { describe, expect, it } from 'vitest';
import { isCarrierHoliday } from './carrier-holidays';
import { DEFAULT_SHIP_CALENDAR, SHIPPING_TIME_ZONE, addDays, zonedInstant } from './ship-dates';
import { DEFAULT_SHIPPING_PRICES, STATE_PROVINCES, findStateProvince, shippingOptions } from './shipping';

const settings = { prices: DEFAULT_SHIPPING_PRICES, calendar: DEFAULT_SHIP_CALENDAR };

const texas = findStateProvince('tx')!;
// Wednesday 2026-11-18, 10:00 Central.
const wednesdayMorning = new Date('2026-11-18T16:00:00Z');

describe('where we ship', () => {
  it('lists the 50 states, DC, five territories and the military addresses', () => {
    expect(STATE_PROVINCES.filter((state) => state.region === 'contiguous' || state.region === 'alaska-hawaii')).toHaveLength(51);
    expect(STATE_PROVINCES.map((state) => state.code)).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AE', 'AP']));
    expect(findStateProvince('ZZ')).toBeUndefined();
  });
});

describe('shippingOptions', () => {
  it('offers the four rates in the contiguous states with delivery estimates from the ship date', () => {
    const options = shippingOptions(texas, wednesdayMorning, { leadTimeDays: 0, hasAssembly: false }, settings);
    expect(options.map((option) => [option.id, option.priceCents])).toEqual([
      ['ground', 0],
      ['two-day', 1475],
      ['next-day', 2495],
      ['saturday', 3975],
    ]);
    const [ground, twoDay, nextDay, saturday] = options;
    expect(ground!.shipDate).toBe('2026-11-18');
    // Seven and ten business days, Thanksgiving (Thursday 2026-11-26) not among them.
    expect(ground!.deliveryDate).toEqual({ earliest: '2026-11-30', latest: '2026-12-03' });
    expect(twoDay!.deliveryDate).toEqual({ earliest: '2026-11-20', latest: '2026-11-23' });
    expect(nextDay!.deliveryDate).toEqual({ earliest: '2026-11-19', latest: '2026-11-19' });
    expect(saturday!.deliveryDate).toEqual({ earliest: '2026-11-21', latest: '2026-11-21' });
  });

  it('moves everything by assembly (3 business days) and made-to-order lead time', () => {
    const [ground] = shippingOptions(texas, wednesdayMorning, { leadTimeDays: 10, hasAssembly: true }, settings);
    // Thirteen business days after 2026-11-18, Thanksgiving skipped.
    expect(ground!.shipDate).toBe('2026-12-08');
  });

  it('after noon Central the order ships the next business day', () => {
    const [, , nextDay] = shippingOptions(texas, new Date('2026-11-20T19:00:00Z'), { leadTimeDays: 0, hasAssembly: false }, settings);
    expect(nextDay!.shipDate).toBe('2026-11-23');
    expect(nextDay!.deliveryDate.earliest).toBe('2026-11-24');
  });

  it('offers ground and 2-3 day to Alaska and Hawaii, and ground only to territories and military addresses', () => {
    expect(shippingOptions(findStateProvince('AK')!, wednesdayMorning, { leadTimeDays: 0, hasAssembly: false }, settings).map((o) => o.id)).toEqual(['ground', 'two-day']);
    expect(shippingOptions(findStateProvince('PR')!, wednesdayMorning, { leadTimeDays: 0, hasAssembly: false }, settings).map((o) => o.id)).toEqual(['ground']);
    expect(shippingOptions(findStateProvince('AE')!, wednesdayMorning, { leadTimeDays: 0, hasAssembly: false }, settings).map((o) => o.id)).toEqual(['ground']);
  });

  it('delivers around holidays: nothing arrives on Thanksgiving, Christmas or July 4', () => {
    // Wednesday 2026-11-25, 10:00 CST: ships that day; the next business day is Friday.
    const [ground, twoDay, nextDay] = shippingOptions(texas, new Date('2026-11-25T16:00:00Z'), { leadTimeDays: 0, hasAssembly: false }, settings);
    expect(nextDay!.deliveryDate).toEqual({ earliest: '2026-11-27', latest: '2026-11-27' });
    expect(twoDay!.deliveryDate).toEqual({ earliest: '2026-11-30', latest: '2026-12-01' });
    expect(ground!.deliveryDate).toEqual({ earliest: '2026-12-07', latest: '2026-12-10' });
    // Tuesday 2026-12-22 morning: 2-3 day arrives the Thursday or the Monday after Christmas.
    const [, christmasTwoDay] = shippingOptions(texas, new Date('2026-12-22T16:00:00Z'), { leadTimeDays: 0, hasAssembly: false }, settings);
    expect(christmasTwoDay!.deliveryDate).toEqual({ earliest: '2026-12-24', latest: '2026-12-28' });
    // Thursday 2026-07-02: no Saturday delivery on July 4, the next Saturday instead.
    const saturday = shippingOptions(texas, new Date('2026-07-02T15:00:00Z'), { leadTimeDays: 0, hasAssembly: false }, settings)[3]!;
    expect(saturday.deliveryDate).toEqual({ earliest: '2026-07-11', latest: '2026-07-11' });
  });

  it('never ships or delivers on a holiday or a weekend (Saturday delivery only on Saturdays), 2026 through 2029', () => {
    // Four years of days, three states, four shipping types: some 17,000 options. Mistakes are gathered and asserted
    // once (an expect() per date was most of the time); about 1.5 s alone, so 20 s leaves room on a shared machine,
    // where the default 5 s was once passed.
    const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
    const states = ['TX', 'HI', 'PR'].map((code) => findStateProvince(code)!);
    const mistakes: string[] = [];
    for (let date = '2026-01-01'; date < '2030-01-01'; date = addDays(date, 1)) {
      for (const state of states) {
        for (const option of shippingOptions(state, zonedInstant(date, 14 * 60, SHIPPING_TIME_ZONE), { leadTimeDays: 2, hasAssembly: true }, settings)) {
          const where = `${date} ${state.code} ${option.id}`;
          const { shipDate, deliveryDate } = option;
          if (![1, 2, 3, 4, 5].includes(weekday(shipDate))) mistakes.push(`${where}: ships on a weekend, ${shipDate}`);
          for (const day of [shipDate, deliveryDate.earliest, deliveryDate.latest]) {
            if (isCarrierHoliday(day)) mistakes.push(`${where}: ${day} is a holiday`);
          }
          for (const day of [deliveryDate.earliest, deliveryDate.latest]) {
            const allowed = option.id === 'saturday' ? [6] : [1, 2, 3, 4, 5];
            if (!allowed.includes(weekday(day))) mistakes.push(`${where}: delivers on ${day}`);
          }
        }
      }
    }
    expect(mistakes).toEqual([]);
  }, 20_000);
});
