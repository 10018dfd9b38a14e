import { DEFAULT_ASSEMBLY_FEE_CENTS } from './bag';
import { DEFAULT_ENGRAVING_PRICING, type EngravingPricing } from './engraving';
import type { Cents } from './money';
import { DEFAULT_SHIP_CALENDAR, SHIPPING_TIME_ZONE, type ShipCalendar } from './ship-dates';
import { DEFAULT_SHIPPING_PRICES, type ShippingPrices, type ShippingSettings } from './shipping';

/**
 * The store's own details and prices that staff change in the admin (Settings): read by the bag, checkout, phone
 * orders, ship-date promises, the storefront's pages and the emails. A placed order keeps the amounts it was placed
 * with; only bags and new orders see a change.
 */
export interface StoreSettings {
  storeName: string;
  phone: string;
  /** Where shoppers write to the store (the contact page). */
  contactEmail: string;
  /** The sender of order emails. */
  ordersEmail: string;
  /** Where PhotoArt shoppers email their photo. */
  photoArtEmail: string;
  /** The store's own pages (https), or null for no link to that network. */
  social: { facebook: string | null; pinterest: string | null; twitter: string | null };
  shippingPrices: ShippingPrices;
  engraving: EngravingPricing;
  assemblyFeeCents: Cents;
  /** "HH:MM", 24-hour, in `timeZone`. */
  sameDayCutoff: string;
  timeZone: string;
  /** Days the store ships nothing on top of the carriers' holidays, "YYYY-MM-DD", ascending. */
  closureDays: readonly string[];
}

/** The values the store ran with before they were settings (the migration writes the same). */
export const DEFAULT_STORE_SETTINGS: StoreSettings = Object.freeze({
  storeName: 'Charm & Bracelet Co.',
  phone: '1-800-555-0142',
  contactEmail: 'help@charms.example',
  ordersEmail: 'orders@charms.example',
  photoArtEmail: 'photoart@charms.example',
  social: Object.freeze({ facebook: null, pinterest: null, twitter: null }),
  shippingPrices: DEFAULT_SHIPPING_PRICES,
  engraving: DEFAULT_ENGRAVING_PRICING,
  assemblyFeeCents: DEFAULT_ASSEMBLY_FEE_CENTS,
  sameDayCutoff: '12:00',
  timeZone: SHIPPING_TIME_ZONE,
  closureDays: Object.freeze([]),
});

/** "12:00" -> 720; null unless a 24-hour HH:MM. */
export function parseCutoff(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 720 -> "12:00 PM" as shoppers read a time. */
export function formatCutoff(cutoff: string): string {
  const minutes = parseCutoff(cutoff) ?? 720;
  const hour = Math.floor(minutes / 60);
  const minute = String(minutes % 60).padStart(2, '0');
  if (minutes === 720) return '12 noon';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'a.m.' : 'p.m.'}`;
}

/** An IANA time zone name that this runtime's Intl knows (America/Chicago); abbreviations such as CST are refused. */
export function isTimeZone(text: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$/.test(text) && text !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: text });
    return true;
  } catch {
    return false;
  }
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Closure days as staff type them (one a line, or separated by commas or spaces), sorted, or every reason they are
 * refused: not a date, twice, or before `today` (the store's today: a day already past cannot be closed).
 */
export function parseClosureDays(text: string, today: string): { days: string[] } | { error: string } {
  const written = text.split(/[\s,]+/).filter(Boolean);
  const problems: string[] = [];
  const notDates = written.filter((day) => !isIsoDate(day));
  if (notDates.length > 0) problems.push(`${notDates.join(', ')}: not a date written YYYY-MM-DD`);
  const dates = written.filter(isIsoDate);
  const twice = [...new Set(dates.filter((day, index) => dates.indexOf(day) !== index))];
  if (twice.length > 0) problems.push(`${twice.join(', ')}: listed twice`);
  const past = dates.filter((day) => day < today);
  if (past.length > 0) problems.push(`${past.join(', ')}: already past (today is ${today})`);
  if (problems.length > 0) return { error: problems.join('; ') };
  return { days: [...new Set(dates)].sort() };
}

/** The calendar ship dates follow under these settings. */
export function shipCalendarOf(settings: Pick<StoreSettings, 'timeZone' | 'sameDayCutoff' | 'closureDays'>): ShipCalendar {
  const cutoffMinutes = parseCutoff(settings.sameDayCutoff) ?? DEFAULT_SHIP_CALENDAR.cutoffMinutes;
  return { timeZone: settings.timeZone, cutoffMinutes, closureDays: new Set(settings.closureDays) };
}

/** What shipping options need from the settings. */
export function shippingSettingsOf(settings: StoreSettings): ShippingSettings {
  return { prices: settings.shippingPrices, calendar: shipCalendarOf(settings) };
}
