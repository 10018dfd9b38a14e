import type { PromotionSummary, SavePromotionInput } from '@charms/contracts/admin-promotions';
import { formatCents } from '@charms/domain/money';
import { storeTime, zonedInstant } from '@charms/domain/ship-dates';
import { isIsoDate } from '@charms/domain/store-settings';
import { formatDateTime } from '../format';

/**
 * The promotion form as the browser sends it: every field as typed. Dates are the browser's datetime-local text
 * ("2026-06-01T09:00"), read in the store's time zone (its settings), whatever the server's or the browser's zone.
 */
export const PROMOTION_FIELDS = ['code', 'description', 'kind', 'value', 'minimumOrder', 'startsAt', 'endsAt', 'maxUses', 'maxUsesPerSession'] as const;
export type PromotionFormValues = Record<(typeof PROMOTION_FIELDS)[number], string>;

/** "2026-06-01T09:00" in the store's time -> an ISO instant; '' stays ''; text that is no date is sent as typed (the API says what is wrong). */
export function shopTimeToIso(local: string, timeZone: string): string {
  const text = local.trim();
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match || !isIsoDate(match[1]!) || Number(match[2]) > 23 || Number(match[3]) > 59) return text;
  return zonedInstant(match[1]!, Number(match[2]) * 60 + Number(match[3]), timeZone).toISOString();
}

/** An ISO instant -> "2026-06-01T09:00" in the store's time, for a datetime-local input. */
export function isoToShopTime(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const local = storeTime(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${local.date}T${two(local.hour)}:${two(local.minute)}`;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A stored promotion as the form shows it. */
export function formValuesOf(promotion: PromotionSummary | null, timeZone: string): PromotionFormValues {
  if (!promotion) return { code: '', description: '', kind: 'percent', value: '', minimumOrder: '', startsAt: '', endsAt: '', maxUses: '', maxUsesPerSession: '' };
  return {
    code: promotion.code,
    description: promotion.description,
    kind: promotion.kind,
    value: promotion.kind === 'percent' ? String(promotion.value) : dollars(promotion.value),
    minimumOrder: promotion.minimumMerchandiseCents === 0 ? '' : dollars(promotion.minimumMerchandiseCents),
    startsAt: isoToShopTime(promotion.startsAt, timeZone),
    endsAt: isoToShopTime(promotion.endsAt, timeZone),
    maxUses: promotion.maxUses === null ? '' : String(promotion.maxUses),
    maxUsesPerSession: promotion.maxUsesPerSession === null ? '' : String(promotion.maxUsesPerSession),
  };
}

/** The form as the API's body: text as typed (the API validates), dates turned into instants. */
export function bodyOf(values: PromotionFormValues, timeZone: string): SavePromotionInput {
  return {
    code: values.code,
    description: values.description,
    kind: values.kind as SavePromotionInput['kind'],
    value: values.value,
    minimumOrder: values.minimumOrder,
    startsAt: shopTimeToIso(values.startsAt, timeZone),
    endsAt: shopTimeToIso(values.endsAt, timeZone),
    maxUses: values.maxUses,
    maxUsesPerSession: values.maxUsesPerSession,
  };
}

/** "10% off" or "$5.00 off", with the minimum when there is one. */
export function discountText(promotion: Pick<PromotionSummary, 'kind' | 'value' | 'minimumMerchandiseCents'>): string {
  const off = promotion.kind === 'percent' ? `${promotion.value}% off` : `${formatCents(promotion.value)} off`;
  return promotion.minimumMerchandiseCents > 0 ? `${off} orders of ${formatCents(promotion.minimumMerchandiseCents)} or more` : off;
}

export const STATUS_WORDS: Record<PromotionSummary['status'], string> = { scheduled: 'Scheduled', active: 'Active', ended: 'Ended', 'used-up': 'Used up' };

/** The trail's field names in words. */
export const FIELD_LABELS: Record<string, string> = {
  code: 'Code',
  description: 'Description',
  kind: 'Kind',
  value: 'Value',
  minimumMerchandiseCents: 'Minimum order',
  startsAt: 'Starts',
  endsAt: 'Ends',
  maxUses: 'Total uses',
  maxUsesPerSession: 'Uses per shopper',
};

/**
 * One change of the trail as lines staff read: amounts in dollars, dates in the store's zone. The value reads as a
 * percent or dollars by the code's kind (the one the change sets, else the code's own; unknown: the bare number).
 */
export function changeLines(changes: Record<string, { before: unknown; after: unknown }>, kind: 'percent' | 'amount' | undefined, timeZone: string): string[] {
  const kindOf = (value: unknown) => (value === 'percent' || value === 'amount' ? value : kind);
  const shown = (field: string, value: unknown, valueKind: 'percent' | 'amount' | undefined): string => {
    if (value === null || value === undefined || value === '') return 'none';
    if (field === 'value' && typeof value === 'number' && valueKind) return valueKind === 'amount' ? formatCents(value) : `${value}%`;
    if ((field === 'startsAt' || field === 'endsAt') && typeof value === 'string') return formatDateTime(value, timeZone);
    if (field === 'minimumMerchandiseCents' && typeof value === 'number') return formatCents(value);
    if (field === 'kind') return value === 'amount' ? 'dollars off' : value === 'percent' ? 'percent off' : String(value);
    return String(value);
  };
  return Object.entries(changes).map(
    ([field, { before, after }]) =>
      `${FIELD_LABELS[field] ?? field}: ${shown(field, before, kindOf(changes.kind?.before))} → ${shown(field, after, kindOf(changes.kind?.after))}`,
  );
}

/** A refusal's sentence at the top of the form: the fields say what is wrong beside themselves, in plain words. */
export function refusalMessage(result: { message: string; fields?: Record<string, string> | undefined }): string {
  const count = Object.keys(result.fields ?? {}).length;
  if (count === 0) return result.message;
  return count === 1 ? 'Nothing was saved: one field needs a correction (marked below).' : `Nothing was saved: ${count} fields need a correction (marked below).`;
}
