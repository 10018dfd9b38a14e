import { describe, expect, it } from 'vitest';
import { STATE_PROVINCES, findStateProvince, shippingOptions } from './shipping';

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
    const options = shippingOptions(texas, wednesdayMorning, { leadTimeDays: 0, hasAssembly: false });
    expect(options.map((option) => [option.id, option.priceCents])).toEqual([
      ['ground', 0],
      ['two-day', 1475],
      ['next-day', 2495],
      ['saturday', 3975],
    ]);
    const [ground, twoDay, nextDay, saturday] = options;
    expect(ground!.shipDate).toBe('2026-11-18');
    expect(ground!.deliveryDate).toEqual({ earliest: '2026-11-27', latest: '2026-12-02' });
    expect(twoDay!.deliveryDate).toEqual({ earliest: '2026-11-20', latest: '2026-11-23' });
    expect(nextDay!.deliveryDate).toEqual({ earliest: '2026-11-19', latest: '2026-11-19' });
    expect(saturday!.deliveryDate).toEqual({ earliest: '2026-11-21', latest: '2026-11-21' });
  });

  it('moves everything by assembly (3 business days) and made-to-order lead time', () => {
    const [ground] = shippingOptions(texas, wednesdayMorning, { leadTimeDays: 10, hasAssembly: true });
    expect(ground!.shipDate).toBe('2026-12-07');
  });

  it('after noon Central the order ships the next business day', () => {
    const [, , nextDay] = shippingOptions(texas, new Date('2026-11-20T19:00:00Z'), { leadTimeDays: 0, hasAssembly: false });
    expect(nextDay!.shipDate).toBe('2026-11-23');
    expect(nextDay!.deliveryDate.earliest).toBe('2026-11-24');
  });

  it('offers ground and 2-3 day to Alaska and Hawaii, and ground only to territories and military addresses', () => {
    expect(shippingOptions(findStateProvince('AK')!, wednesdayMorning, { leadTimeDays: 0, hasAssembly: false }).map((o) => o.id)).toEqual(['ground', 'two-day']);
    expect(shippingOptions(findStateProvince('PR')!, wednesdayMorning, { leadTimeDays: 0, hasAssembly: false }).map((o) => o.id)).toEqual(['ground']);
    expect(shippingOptions(findStateProvince('AE')!, wednesdayMorning, { leadTimeDays: 0, hasAssembly: false }).map((o) => o.id)).toEqual(['ground']);
  });
});
