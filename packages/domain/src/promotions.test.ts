import { describe, expect, it } from 'vitest';
import { INVALID_CODE_MESSAGE, type Promotion, discountFor, evaluatePromotion, normalizeCode } from './promotions';

const base: Promotion = {
  code: 'WELCOME10',
  kind: 'percent',
  value: 10,
  minimumMerchandiseCents: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerSession: null,
  timesUsed: 0,
};
const now = new Date('2026-11-22T12:00:00Z');
const context = { now, merchandiseCents: 4250, usesBySession: 0 };

describe('evaluatePromotion', () => {
  it('takes a percentage off merchandise, rounded to the cent', () => {
    expect(evaluatePromotion(base, context)).toEqual({ ok: true, discountCents: 425 });
    expect(evaluatePromotion(base, { ...context, merchandiseCents: 1995 })).toEqual({ ok: true, discountCents: 200 });
  });

  it('takes a fixed amount off when the minimum is reached, and says how much more to add when not', () => {
    const save5 = { ...base, code: 'SAVE5', kind: 'amount' as const, value: 500, minimumMerchandiseCents: 5000 };
    expect(evaluatePromotion(save5, { ...context, merchandiseCents: 5000 })).toEqual({ ok: true, discountCents: 500 });
    expect(evaluatePromotion(save5, { ...context, merchandiseCents: 3750 })).toEqual({
      ok: false,
      reason: 'minimum',
      shortByCents: 1250,
      message: 'SAVE5 needs $50.00 of merchandise: add $12.50 more to use it.',
    });
  });

  it('gives unknown, expired and not-yet-started codes the same message', () => {
    const expired = { ...base, endsAt: new Date('2020-09-01T00:00:00Z') };
    const future = { ...base, startsAt: new Date('2027-01-01T00:00:00Z') };
    for (const promotion of [undefined, expired, future]) {
      expect(evaluatePromotion(promotion, context)).toEqual({ ok: false, reason: 'invalid', message: INVALID_CODE_MESSAGE });
    }
  });

  it('enforces total and per-session limits', () => {
    expect(evaluatePromotion({ ...base, maxUses: 100, timesUsed: 100 }, context)).toMatchObject({ ok: false, reason: 'used-up' });
    expect(evaluatePromotion({ ...base, maxUsesPerSession: 1 }, { ...context, usesBySession: 1 })).toMatchObject({
      ok: false,
      message: 'You have already used WELCOME10.',
    });
    expect(evaluatePromotion({ ...base, maxUsesPerSession: 1 }, context).ok).toBe(true);
  });
});

describe('discountFor', () => {
  it('never takes merchandise below zero', () => {
    expect(discountFor({ kind: 'amount', value: 500 }, 300)).toBe(300);
    expect(discountFor({ kind: 'percent', value: 150 }, 300)).toBe(300);
    expect(discountFor({ kind: 'amount', value: 500 }, 0)).toBe(0);
  });
});

describe('normalizeCode', () => {
  it('ignores case and surrounding spaces', () => {
    expect(normalizeCode(' welcome10 ')).toBe('WELCOME10');
  });
});
