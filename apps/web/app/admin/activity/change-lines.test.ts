import { describe, expect, it } from 'vitest';
import { activityLines } from './change-lines';

const entry = (entityType: 'product' | 'photo' | 'category' | 'promotion' | 'setting', action: string, changes: Record<string, { before: unknown; after: unknown }>) => ({
  id: '1', at: '2026-11-24T19:00:00.000Z', actor: 'Olive Owner', ip: null, action, changes, entityType, entityId: '7', entityName: 'Snowflake Charm',
});

describe('a line of the activity trail', () => {
  it('says a price change per metal that changed, in dollars, not the stored prices as JSON', () => {
    const before = { 'sterling-silver': { priceCents: 4150, available: true }, '14k-gold': { priceCents: 28900, available: true }, 'gold-plate': { priceCents: 4450, available: false } };
    const after = { ...before, 'sterling-silver': { priceCents: 4300, available: true }, 'gold-plate': { priceCents: 4450, available: true } };
    expect(activityLines(entry('product', 'imported', { prices: { before, after } }), 'America/Chicago')).toEqual([
      'Sterling Silver price: $41.50 → $43.00',
      'Gold Plate price: $44.50 (sold out) → $44.50',
    ]);
    expect(activityLines(entry('product', 'updated', { prices: { before: { '10k-gold': { priceCents: 100, available: true } }, after: {} } }), 'UTC')).toEqual(['10k Gold price: $1.00 → not offered']);
  });

  it('names settings, metals and pictures as their pages do, and says nothing more of a retirement', () => {
    expect(activityLines(entry('setting', 'updated', { twoDayShippingCents: { before: 1475, after: 1495 }, closureDays: { before: [], after: ['2026-12-26'] } }), 'UTC')).toEqual([
      '2-3 Day shipping: $14.75 → $14.95',
      'Closure days: none → 2026-12-26',
    ]);
    expect(activityLines(entry('photo', 'updated', { metal: { before: null, after: '14k-gold' } }), 'UTC')).toEqual(['metal: every metal → 14k Gold']);
    expect(activityLines(entry('category', 'updated', { menuImage: { before: null, after: '14k-gold/cat' } }), 'UTC')).toEqual(['Menu picture: none → cat in 14k Gold']);
    expect(activityLines(entry('product', 'retired', { retiredAt: { before: null, after: '2026-11-25T01:19:59.553Z' } }), 'UTC')).toEqual([]);
    expect(activityLines(entry('promotion', 'ended', { endsAt: { before: null, after: '2026-11-25T01:00:00.000Z' } }), 'America/Chicago')).toEqual(['Ends: none → Nov 24, 2026, 7:00 PM']);
  });
});
