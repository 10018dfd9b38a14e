import type { PromotionSummary, SavePromotionInput } from '@charms/contracts/admin-promotions';
import { formatCents } from '@charms/domain/money';
import { SHIPPING_TIME_ZONE } from '@charms/domain/ship-dates';

/**
 * The promotion form as the browser sends it: every field as typed. Dates are the browser's datetime-local text
 * ("2026-06-01T09:00"), read as the shop's own time (Central), whatever the server's or the browser's zone.
 */
export const PROMOTION_FIELDS = ['code', 'description', 'kind', 'value', 'minimumOrder', 'startsAt', 'endsAt', 'maxUses', 'maxUsesPerSession'] as const;
export type PromotionFormValues = Record<(typeof PROMOTION_FIELDS)[number], string>;

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHIPPING_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall-clock fields of an instant in the shop's time. */
function wallClock(date: Date) {
  const found = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: Number(found.year), month: Number(found.month), day: Number(found.day), hour: Number(found.hour), minute: Number(found.minute), second: Number(found.second) };
}

/** Minutes the shop's time is ahead of UTC at an instant (-300 in summer, -360 in winter). */
function offsetMinutes(date: Date): number {
  const wall = wallClock(date);
  return (Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(date.getTime() / 1000) * 1000) / 60_000;
}

/** "2026-06-01T09:00" in the shop's time -> an ISO instant; '' stays ''; text that is no date is sent as typed (the API says what is wrong). */
export function shopTimeToIso(local: string): string {
  const text = local.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return text;
  const asUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]));
  // The offset at the guess, then at the answer: right on both sides of a daylight-saving change.
  let instant = asUtc - offsetMinutes(new Date(asUtc)) * 60_000;
  instant = asUtc - offsetMinutes(new Date(instant)) * 60_000;
  return new Date(instant).toISOString();
}

/** An ISO instant -> "2026-06-01T09:00" in the shop's time, for a datetime-local input. */
export function isoToShopTime(iso: string | null): string {
  if (!iso) return '';
  const wall = wallClock(new Date(iso));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A stored promotion as the form shows it. */
export function formValuesOf(promotion: PromotionSummary | null): PromotionFormValues {
  if (!promotion) return { code: '', description: '', kind: 'percent', value: '', minimumOrder: '', startsAt: '', endsAt: '', maxUses: '', maxUsesPerSession: '' };
  return {
    code: promotion.code,
    description: promotion.description,
    kind: promotion.kind,
    value: promotion.kind === 'percent' ? String(promotion.value) : dollars(promotion.value),
    minimumOrder: promotion.minimumMerchandiseCents === 0 ? '' : dollars(promotion.minimumMerchandiseCents),
    startsAt: isoToShopTime(promotion.startsAt),
    endsAt: isoToShopTime(promotion.endsAt),
    maxUses: promotion.maxUses === null ? '' : String(promotion.maxUses),
    maxUsesPerSession: promotion.maxUsesPerSession === null ? '' : String(promotion.maxUsesPerSession),
  };
}

/** The form as the API's body: text as typed (the API validates), dates turned into instants. */
export function bodyOf(values: PromotionFormValues): SavePromotionInput {
  return {
    code: values.code,
    description: values.description,
    kind: values.kind as SavePromotionInput['kind'],
    value: values.value,
    minimumOrder: values.minimumOrder,
    startsAt: shopTimeToIso(values.startsAt),
    endsAt: shopTimeToIso(values.endsAt),
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

/** A refusal's sentence at the top of the form: the fields say what is wrong beside themselves, in plain words. */
export function refusalMessage(result: { message: string; fields?: Record<string, string> | undefined }): string {
  const count = Object.keys(result.fields ?? {}).length;
  if (count === 0) return result.message;
  return count === 1 ? 'Nothing was saved: one field needs a correction (marked below).' : `Nothing was saved: ${count} fields need a correction (marked below).`;
}
