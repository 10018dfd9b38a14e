import { describe, expect, it } from 'vitest';
import { storeTerms, timeZoneInWords } from './store-terms';

const today = {
  sameDayCutoff: '12 noon',
  timeZone: 'America/Chicago',
  shippingPrices: { ground: 0, 'two-day': 1475, 'next-day': 2495, saturday: 3975 },
  engraving: { centsPerCharacter: 75, freeMetalIds: [10, 20, 30] },
  assemblyFeeCents: 995,
};

describe('the store terms the static pages say', () => {
  it('says today’s settings as the pages always have', () => {
    expect(storeTerms(today)).toEqual({
      cutoff: '12 noon Central time',
      freeGround: true,
      shipping: { ground: '$0.00', twoDay: '$14.75', nextDay: '$24.95', saturday: '$39.75' },
      shippingPromise: 'Free shipping on every order, with no minimum.',
      engravingPerCharacter: '$0.75',
      engravingFreeOn: 'gold and white gold',
      assemblyFee: '$9.95',
    });
  });

  it('follows a change: a priced ground, another cutoff and zone, engraving free on fewer metals or none', () => {
    const terms = storeTerms({ ...today, sameDayCutoff: '2:30 p.m.', timeZone: 'America/New_York', shippingPrices: { ...today.shippingPrices, ground: 495 }, engraving: { centsPerCharacter: 90, freeMetalIds: [10, 20] } });
    expect(terms.cutoff).toBe('2:30 p.m. Eastern time');
    expect(terms.freeGround).toBe(false);
    expect(terms.shippingPromise).toBe('Ground shipping is $4.95 an order.');
    expect(terms.engravingPerCharacter).toBe('$0.90');
    expect(terms.engravingFreeOn).toBe('14k gold and 14k white gold');
    expect(storeTerms({ ...today, engraving: { centsPerCharacter: 75, freeMetalIds: [] } }).engravingFreeOn).toBeNull();
  });

  it('names a zone Intl cannot put in words by its id', () => {
    expect(timeZoneInWords('UTC')).not.toBe('');
    expect(timeZoneInWords('Not/AZone')).toBe('Not/AZone');
  });
});
