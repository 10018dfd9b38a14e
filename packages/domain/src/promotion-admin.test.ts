import { describe, expect, it } from 'vitest';
import { isValidPromoCode, parsePromotionValue, promotionStatus } from './promotions';

const now = new Date('2026-06-01T12:00:00Z');
const open = { startsAt: null, endsAt: null, maxUses: null, timesUsed: 0 };

describe('promotionStatus', () => {
  it('tells scheduled, active, ended and used up apart', () => {
    expect(promotionStatus(open, now)).toBe('active');
    expect(promotionStatus({ ...open, startsAt: new Date('2026-07-01T00:00:00Z') }, now)).toBe('scheduled');
    expect(promotionStatus({ ...open, endsAt: now }, now)).toBe('ended');
    expect(promotionStatus({ ...open, maxUses: 3, timesUsed: 3 }, now)).toBe('used-up');
    expect(promotionStatus({ ...open, maxUses: 3, timesUsed: 2 }, now)).toBe('active');
  });

  it('calls a code ended early (before its start) ended, not scheduled', () => {
    expect(promotionStatus({ ...open, startsAt: new Date('2026-07-01T00:00:00Z'), endsAt: now }, now)).toBe('ended');
  });
});

describe('isValidPromoCode', () => {
  it('takes letters and digits in any case, and nothing else', () => {
    expect(['SPRING25', 'spring25', ' abc ', 'A1B'].every(isValidPromoCode)).toBe(true);
    expect(['AB', 'SPRING-25', 'SPRING 25', 'ÉTÉ25', 'X'.repeat(31), ''].some(isValidPromoCode)).toBe(false);
  });
});

describe('parsePromotionValue', () => {
  it('takes a whole percent from 1 to 100', () => {
    expect(parsePromotionValue('percent', '15')).toEqual({ value: 15 });
    expect(parsePromotionValue('percent', '100')).toEqual({ value: 100 });
    for (const bad of ['0', '101', '12.5', '-5', 'ten', '']) expect(parsePromotionValue('percent', bad)).toHaveProperty('error');
  });

  it('takes dollars above zero with at most two decimals, in cents', () => {
    expect(parsePromotionValue('amount', '12.50')).toEqual({ value: 1250 });
    expect(parsePromotionValue('amount', '5')).toEqual({ value: 500 });
    expect(parsePromotionValue('amount', '0')).toEqual({ error: 'must be more than $0.00' });
    expect(parsePromotionValue('amount', '0.00')).toEqual({ error: 'must be more than $0.00' });
    for (const bad of ['-5', '1.999', '5.', 'five', '']) expect(parsePromotionValue('amount', bad)).toHaveProperty('error');
  });
});
