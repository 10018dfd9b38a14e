import { type Cents, formatCents, parseDollars, percentOf } from './money';

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

/** Where a promotion stands for staff: not started yet, taking orders, past its end, or out of uses. */
export type PromotionStatus = 'scheduled' | 'active' | 'ended' | 'used-up';

export function promotionStatus(promotion: Pick<Promotion, 'startsAt' | 'endsAt' | 'maxUses' | 'timesUsed'>, now: Date): PromotionStatus {
  // An ended code reads as ended even if it never started (ended early) or ran out first: nothing can revive it but an edit.
  if (promotion.endsAt && now >= promotion.endsAt) return 'ended';
  if (promotion.maxUses !== null && promotion.timesUsed >= promotion.maxUses) return 'used-up';
  if (promotion.startsAt && now < promotion.startsAt) return 'scheduled';
  return 'active';
}

/** A code staff may create: letters and digits only (a shopper types it), 3 to 30 of them; stored upper-case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9]{3,30}$/;
export const PROMO_CODE_RULE = 'Use 3 to 30 letters and digits, with no spaces or symbols (such as SPRING25).';

export function isValidPromoCode(code: string): boolean {
  return PROMO_CODE_PATTERN.test(normalizeCode(code));
}

/**
 * A promotion's value as staff type it: a percent is a whole number from 1 to 100; an amount is dollars above zero
 * with at most two decimals ("5", "12.50"), returned in cents. Null with the reason when it is neither.
 */
export function parsePromotionValue(kind: Promotion['kind'], text: string): { value: number } | { error: string } {
  const trimmed = text.trim();
  if (kind === 'percent') {
    if (!/^\d+$/.test(trimmed)) return { error: 'must be a whole percent from 1 to 100' };
    const percent = Number(trimmed);
    return percent >= 1 && percent <= 100 ? { value: percent } : { error: 'must be a whole percent from 1 to 100' };
  }
  const cents = parseDollars(trimmed);
  if (cents === null) return { error: 'must be an amount in dollars with at most two decimals, such as 12.50' };
  if (cents <= 0) return { error: 'must be more than $0.00' };
  if (cents > 100_000_00) return { error: 'must be at most $100,000.00' };
  return { value: cents };
}
