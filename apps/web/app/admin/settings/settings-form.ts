import type { AdminSettings, SaveSettingsInput } from '@charms/contracts/admin-settings';
import { METALS } from '@charms/domain/metals';

/** The settings form's fields as text (what the form sends and shows again after a mistake). */
export const SETTINGS_FIELDS = [
  'storeName', 'phone', 'contactEmail', 'ordersEmail', 'photoArtEmail', 'facebookUrl', 'pinterestUrl', 'twitterUrl',
  'shippingGround', 'shippingTwoDay', 'shippingNextDay', 'shippingSaturday', 'engravingPerCharacter', 'assemblyFee',
  'sameDayCutoff', 'timeZone', 'closureDays',
] as const;

/** The form's labels, by field (the page's and its summary of mistakes). */
export const FIELD_LABELS: Record<(typeof SETTINGS_FIELDS)[number] | 'engravingFreeMetalIds', string> = {
  storeName: 'Store name', phone: 'Phone', contactEmail: 'Contact email', ordersEmail: 'Orders email', photoArtEmail: 'PhotoArt email',
  facebookUrl: 'Facebook page', pinterestUrl: 'Pinterest page', twitterUrl: 'Twitter page',
  shippingGround: 'Ground', shippingTwoDay: '2-3 Day', shippingNextDay: 'Next Business Day', shippingSaturday: 'Saturday Delivery',
  engravingPerCharacter: 'Engraving per character', assemblyFee: 'Bracelet assembly fee', engravingFreeMetalIds: 'Engraving is free on',
  sameDayCutoff: 'Cutoff (24-hour HH:MM)', timeZone: 'Time zone', closureDays: 'Closure days',
};

/** Above the form after a refusal: what to correct, by label (the API's sentence names fields by their JSON names). */
export function mistakesSummary(errors: Record<string, string>): string {
  const labels = Object.keys(errors).map((name) => (FIELD_LABELS as Record<string, string>)[name] ?? name);
  return `Nothing was saved. Please correct ${labels.length === 1 ? 'the field' : `the ${labels.length} fields`} marked below: ${labels.join(', ')}.`;
}

/** Stored column names (the trail's) as staff read them. */
export const CHANGE_LABELS: Record<string, string> = {
  storeName: 'Store name', phone: 'Phone', contactEmail: 'Contact email', ordersEmail: 'Orders email (sender)', photoArtEmail: 'PhotoArt email',
  facebookUrl: 'Facebook', pinterestUrl: 'Pinterest', twitterUrl: 'Twitter',
  groundShippingCents: 'Ground shipping', twoDayShippingCents: '2-3 Day shipping', nextDayShippingCents: 'Next Business Day shipping', saturdayShippingCents: 'Saturday Delivery',
  engravingCentsPerCharacter: 'Engraving per character', engravingFreeMetalIds: 'Engraving free on', assemblyFeeCents: 'Assembly fee',
  sameDayCutoff: 'Same-day cutoff', timeZone: 'Time zone', closureDays: 'Closure days',
};

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The stored settings as the form shows them. */
export function formValuesOf({ settings }: AdminSettings): Record<string, string> {
  return {
    storeName: settings.storeName, phone: settings.phone, contactEmail: settings.contactEmail, ordersEmail: settings.ordersEmail, photoArtEmail: settings.photoArtEmail,
    facebookUrl: settings.social.facebook ?? '', pinterestUrl: settings.social.pinterest ?? '', twitterUrl: settings.social.twitter ?? '',
    shippingGround: dollars(settings.shippingPrices.ground), shippingTwoDay: dollars(settings.shippingPrices['two-day']),
    shippingNextDay: dollars(settings.shippingPrices['next-day']), shippingSaturday: dollars(settings.shippingPrices.saturday),
    engravingPerCharacter: dollars(settings.engraving.centsPerCharacter), assemblyFee: dollars(settings.assemblyFeeCents),
    engravingFreeMetalIds: settings.engraving.freeMetalIds.join(','),
    sameDayCutoff: settings.sameDayCutoff, timeZone: settings.timeZone, closureDays: settings.closureDays.join('\n'),
  };
}

/** The form's text fields, and its metal checkboxes (several values, kept comma-joined to show them again). */
export function valuesOfForm(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of SETTINGS_FIELDS) values[name] = String(form.get(name) ?? '');
  values.engravingFreeMetalIds = form.getAll('engravingFreeMetalIds').map(String).join(',');
  return values;
}

export function bodyOf(values: Record<string, string>): SaveSettingsInput {
  const { engravingFreeMetalIds, ...rest } = values;
  return { ...(rest as unknown as SaveSettingsInput), engravingFreeMetalIds: (engravingFreeMetalIds ?? '').split(',').filter(Boolean) };
}

/** A value of the trail as staff read it. */
export function shownChange(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field.endsWith('Cents') || field === 'engravingCentsPerCharacter') return typeof value === 'number' ? `$${dollars(value)}` : String(value);
  if (field === 'engravingFreeMetalIds' && Array.isArray(value)) return value.map((id) => METALS.find((metal) => metal.id === id)?.name ?? String(id)).join(', ') || 'none';
  if (Array.isArray(value)) return value.join(', ') || 'none';
  return String(value);
}
