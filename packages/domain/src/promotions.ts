import { type Cents, formatCents, percentOf } from './money';

/** A promotion as the rules see it. */
export interface Promotion {
  code: string;
  kind: 'percent' | 'amount';
  /** Percent off merchandise, or cents off merchandise. */
  value: number;
  minimumMerchandiseCents: Cents;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerSession: number | null;
  timesUsed: number;
}

export interface PromotionContext {
  now: Date;
  merchandiseCents: Cents;
  /** Orders this shopper's session already placed with the promotion. */
  usesBySession: number;
}

export type PromotionVerdict =
  | { ok: true; discountCents: Cents }
  | { ok: false; reason: 'invalid' | 'used-up' | 'minimum'; message: string; shortByCents?: Cents };

/** One message for unknown, expired and not-yet-started codes, so guessing learns nothing. */
export const INVALID_CODE_MESSAGE = 'That promo code is not valid. Check the spelling, or it may have expired.';

/** The discount never exceeds the merchandise, so no total goes below zero. */
export function discountFor(promotion: Pick<Promotion, 'kind' | 'value'>, merchandiseCents: Cents): Cents {
  const raw = promotion.kind === 'percent' ? percentOf(merchandiseCents, Math.min(promotion.value, 100)) : promotion.value;
  return Math.max(0, Math.min(raw, merchandiseCents));
}

export function evaluatePromotion(promotion: Promotion | undefined, context: PromotionContext): PromotionVerdict {
  if (!promotion) return { ok: false, reason: 'invalid', message: INVALID_CODE_MESSAGE };
  const { now } = context;
  if ((promotion.startsAt && now < promotion.startsAt) || (promotion.endsAt && now >= promotion.endsAt)) {
    return { ok: false, reason: 'invalid', message: INVALID_CODE_MESSAGE };
  }
  if (promotion.maxUses !== null && promotion.timesUsed >= promotion.maxUses) {
    return { ok: false, reason: 'used-up', message: `${promotion.code} has been fully redeemed.` };
  }
  if (promotion.maxUsesPerSession !== null && context.usesBySession >= promotion.maxUsesPerSession) {
    return { ok: false, reason: 'used-up', message: `You have already used ${promotion.code}.` };
  }
  if (context.merchandiseCents < promotion.minimumMerchandiseCents) {
    const short = promotion.minimumMerchandiseCents - context.merchandiseCents;
    return {
      ok: false,
      reason: 'minimum',
      shortByCents: short,
      message: `${promotion.code} needs ${formatCents(promotion.minimumMerchandiseCents)} of merchandise: add ${formatCents(short)} more to use it.`,
    };
  }
  return { ok: true, discountCents: discountFor(promotion, context.merchandiseCents) };
}

/** Codes are matched without regard to case or surrounding spaces. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}
