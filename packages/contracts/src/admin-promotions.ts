import { PROMO_CODE_RULE, isValidPromoCode, normalizeCode, parsePromotionValue } from '@charms/domain/promotions';
import { parseDollars } from '@charms/domain/money';
import { z } from 'zod';
import { adminChangeSchema } from './admin-audit';
import { fieldMessage } from './messages';
import { safeText } from './text';

/**
 * The staff side's promotions: codes a shopper applies in the bag. Staff read them; owners create, edit and end
 * them. Amounts are typed in dollars ("12.50") and answered in cents; a percent is a whole number.
 */
export const PROMOTION_STATUSES = ['scheduled', 'active', 'ended', 'used-up'] as const;
export const PROMOTION_KINDS = ['percent', 'amount'] as const;

/** A number or its text, read as text, so 5.555 and "5.555" are refused alike (never rounded). */
const numberText = (message: string) =>
  z.union([z.string(fieldMessage(message)), z.number(fieldMessage(message))], fieldMessage(message)).transform((value) => String(value).trim());

const whenSchema = z
  .union([z.iso.datetime({ offset: true, message: 'must be a date and time such as 2026-06-01T09:00:00-05:00' }), z.literal(''), z.null()], fieldMessage('must be a date and time such as 2026-06-01T09:00:00-05:00'))
  .transform((value) => (value ? new Date(value) : null));

/** A limit: a whole number of at least 1, or empty (null, or "") for no limit. */
const limitSchema = z
  .union([z.number(), z.string(), z.null()], fieldMessage('must be a whole number of at least 1, or empty for no limit'))
  .transform((value, context) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const text = String(value).trim();
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1) {
      context.addIssue({ code: 'custom', message: 'must be a whole number of at least 1, or empty for no limit' });
      return z.NEVER;
    }
    return Number(text);
  });

/** POST /admin-promotions and PUT /admin-promotions/{id}: the whole promotion as the form has it. */
export const savePromotionBodySchema = z
  .strictObject({
    code: safeText({ message: 'is required' })
      .trim()
      .min(1, { message: 'is required' })
      .refine(isValidPromoCode, { message: PROMO_CODE_RULE })
      .transform(normalizeCode),
    description: safeText({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(200, { message: 'must be at most 200 characters' }),
    kind: z.enum(PROMOTION_KINDS, { message: 'must be percent or amount' }),
    /** A whole percent (1 to 100), or dollars above zero with at most two decimals. */
    value: numberText('must be a number'),
    /** Dollars of merchandise the bag needs; empty or 0 for none. */
    minimumOrder: numberText('must be an amount in dollars').default(''),
    startsAt: whenSchema.default(null),
    endsAt: whenSchema.default(null),
    maxUses: limitSchema.default(null),
    maxUsesPerSession: limitSchema.default(null),
  })
  // Checked even when another field is wrong (`when`: whenever there is an object), so every mistake is said at once.
  .superRefine(
    (body, context) => {
      const kind = PROMOTION_KINDS.includes(body.kind) ? body.kind : undefined;
      if (kind && typeof body.value === 'string') {
        const parsed = parsePromotionValue(kind, body.value);
        if ('error' in parsed) context.addIssue({ code: 'custom', path: ['value'], message: parsed.error });
      }
      if (typeof body.minimumOrder === 'string' && body.minimumOrder !== '' && parseDollars(body.minimumOrder) === null) {
        context.addIssue({ code: 'custom', path: ['minimumOrder'], message: 'must be an amount in dollars (0 or more) with at most two decimals' });
      }
      if (body.startsAt instanceof Date && body.endsAt instanceof Date && body.endsAt <= body.startsAt) {
        context.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after the start' });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((body) => ({
    code: body.code,
    description: body.description,
    kind: body.kind,
    value: (parsePromotionValue(body.kind, body.value) as { value: number }).value,
    minimumMerchandiseCents: body.minimumOrder === '' ? 0 : parseDollars(body.minimumOrder)!,
    startsAt: body.startsAt,
    endsAt: body.endsAt,
    maxUses: body.maxUses,
    maxUsesPerSession: body.maxUsesPerSession,
  }));
export type SavePromotionInput = z.input<typeof savePromotionBodySchema>;
export type SavePromotion = z.output<typeof savePromotionBodySchema>;

export const promotionParamsSchema = z.object({ id: z.string().regex(/^\d{1,9}$/, { message: 'must be a promotion id' }).transform(Number) });

export const promotionSummarySchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    description: z.string(),
    kind: z.enum(PROMOTION_KINDS),
    /** A percent, or cents off. */
    value: z.number().int(),
    minimumMerchandiseCents: z.number().int(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    maxUses: z.number().int().nullable(),
    maxUsesPerSession: z.number().int().nullable(),
    status: z.enum(PROMOTION_STATUSES),
    /** Orders placed with the code (counted when an order is placed, as the bag's limits count them). */
    uses: z.number().int(),
    /** The totals of the orders placed with the code, less what was refunded; cancelled and unpaid orders left out. */
    revenueCents: z.number().int(),
  })
  .meta({ id: 'PromotionSummary' });
export type PromotionSummary = z.infer<typeof promotionSummarySchema>;

export const promotionListSchema = z.object({ promotions: z.array(promotionSummarySchema) }).meta({ id: 'PromotionList' });

export const promotionDetailSchema = promotionSummarySchema
  .extend({
    recentOrders: z.array(
      z.object({ id: z.uuid(), number: z.string(), placedAt: z.string(), status: z.string(), totalCents: z.number().int(), discountCents: z.number().int() }),
    ),
    history: z.array(adminChangeSchema).describe('Who changed what, when: newest first'),
  })
  .meta({ id: 'PromotionDetail' });
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;
