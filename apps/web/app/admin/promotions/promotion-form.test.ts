import { describe, expect, it } from 'vitest';
import { bodyOf, discountText, formValuesOf, isoToShopTime, shopTimeToIso } from './promotion-form';

const CHICAGO = 'America/Chicago';

describe('shop time (the store\'s time zone setting) in the promotion form', () => {
  it('reads a datetime-local value as Central time, in summer and in winter', () => {
    expect(shopTimeToIso('2026-06-01T09:00', CHICAGO)).toBe('2026-06-01T14:00:00.000Z');
    expect(shopTimeToIso('2026-12-01T09:00', CHICAGO)).toBe('2026-12-01T15:00:00.000Z');
    expect(shopTimeToIso('', CHICAGO)).toBe('');
    expect(shopTimeToIso('next week', CHICAGO)).toBe('next week');
  });

  it('shows a stored instant back as the same Central wall time', () => {
    expect(isoToShopTime('2026-06-01T14:00:00.000Z', CHICAGO)).toBe('2026-06-01T09:00');
    expect(isoToShopTime('2026-12-01T06:00:00.000Z', CHICAGO)).toBe('2026-12-01T00:00');
    expect(isoToShopTime(null, CHICAGO)).toBe('');
  });

  it('reads and shows dates in another time zone when the store moves (New York is an hour ahead of Chicago)', () => {
    expect(shopTimeToIso('2026-06-01T09:00', 'America/New_York')).toBe('2026-06-01T13:00:00.000Z');
    expect(isoToShopTime('2026-06-01T13:00:00.000Z', 'America/New_York')).toBe('2026-06-01T09:00');
    expect(isoToShopTime('2026-06-01T13:00:00.000Z', CHICAGO)).toBe('2026-06-01T08:00');
  });
});

describe('the form and the API', () => {
  const stored = {
    id: 1,
    code: 'SPRING25',
    description: 'Spring',
    kind: 'amount' as const,
    value: 1250,
    minimumMerchandiseCents: 5000,
    startsAt: '2026-03-01T06:00:00.000Z',
    endsAt: null,
    maxUses: 100,
    maxUsesPerSession: null,
    status: 'active' as const,
    uses: 0,
    revenueCents: 0,
  };

  it('shows amounts in dollars and sends them back as typed', () => {
    const values = formValuesOf(stored, CHICAGO);
    expect(values).toMatchObject({ value: '12.50', minimumOrder: '50.00', startsAt: '2026-03-01T00:00', endsAt: '', maxUses: '100', maxUsesPerSession: '' });
    expect(bodyOf(values, CHICAGO)).toMatchObject({ value: '12.50', minimumOrder: '50.00', startsAt: '2026-03-01T06:00:00.000Z', endsAt: '', maxUses: '100' });
  });

  it('says the discount in words', () => {
    expect(discountText(stored)).toBe('$12.50 off orders of $50.00 or more');
    expect(discountText({ kind: 'percent', value: 10, minimumMerchandiseCents: 0 })).toBe('10% off');
  });
});

describe('refusalMessage', () => {
  it('points to the fields when the API named some, else gives its sentence', async () => {
    const { refusalMessage } = await import('./promotion-form');
    expect(refusalMessage({ message: 'value must be…', fields: { value: 'must be…' } })).toBe('Nothing was saved: one field needs a correction (marked below).');
    expect(refusalMessage({ message: 'x', fields: { value: 'a', code: 'b' } })).toBe('Nothing was saved: 2 fields need a correction (marked below).');
    expect(refusalMessage({ message: 'Only an owner can do this.', fields: {} })).toBe('Only an owner can do this.');
  });
});
