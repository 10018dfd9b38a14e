import { isCarrierHoliday } from './carrier-holidays';

/**
 * When an order ships. Orders placed before the same-day cutoff (by default 12 noon Central time, America/Chicago)
 * on a shipping day ship that day; later ones the next shipping day. Made-to-order items add their lead time in
 * shipping days. A business day is a weekday the carriers work (not one of their holidays nor its observed day, see
 * carrier-holidays.ts); a shipping day is a business day the store is open (not one of its closure days). The cutoff,
 * its time zone and the closure days are store settings (store-settings.ts), passed in as a ShipCalendar.
 * Dates are calendar days in the store's time zone, as "YYYY-MM-DD".
 */
export const SHIPPING_TIME_ZONE = 'America/Chicago';
export const SAME_DAY_CUTOFF_HOUR = 12;

export interface ShipCalendar {
  /** An IANA time zone: the store's wall clock, for the cutoff and for "today". */
  timeZone: string;
  /** The same-day cutoff, in minutes after midnight in that time zone. */
  cutoffMinutes: number;
  /** Days the store ships nothing, on top of the carriers' holidays ("YYYY-MM-DD"). */
  closureDays: ReadonlySet<string>;
}

/** The calendar the store started with: noon Central, no closure days of its own. */
export const DEFAULT_SHIP_CALENDAR: ShipCalendar = Object.freeze({ timeZone: SHIPPING_TIME_ZONE, cutoffMinutes: SAME_DAY_CUTOFF_HOUR * 60, closureDays: new Set<string>() });

/** A wall-clock date and time in the store's time zone. */
export interface StoreTime {
  date: string;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const lastByZone = new Map<string, { minute: number; time: StoreTime }>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock date and time in a time zone at an instant (daylight saving included). Every answer about the bag
 * asks this several times, so the last minute's answer per zone is kept (today's zones are whole minutes from UTC,
 * so it is the same for the whole UTC minute).
 */
export function storeTime(instant: Date, timeZone: string): StoreTime {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastByZone.get(timeZone);
  if (last?.minute === minute) return last.time;
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  const time: StoreTime = Object.freeze({ date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) });
  lastByZone.set(timeZone, { minute, time });
  return time;
}

/**
 * A store day as instants: from its first moment up to (not including) the next day's, in the store's time zone
 * (the settings'). The admin's day filters, the dashboard's day and its reports all count days this way.
 */
export function storeDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedInstant(date, 0, timeZone), end: zonedInstant(addDays(date, 1), 0, timeZone) };
}

function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** A weekday the carriers work. */
export function isBusinessDay(date: string): boolean {
  const day = dayOfWeek(date);
  return day !== 0 && day !== 6 && !isCarrierHoliday(date);
}

/** A business day the store is open: orders ship and made-to-order work goes on. */
export function isShippingDay(date: string, calendar: ShipCalendar): boolean {
  return isBusinessDay(date) && !calendar.closureDays.has(date);
}

export function isSaturday(date: string): boolean {
  return dayOfWeek(date) === 6;
}

export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Counts `count` days that pass the test forward from a date (0 returns the date itself). */
function addDaysWhere(date: string, count: number, counts: (date: string) => boolean): string {
  let current = date;
  for (let left = count; left > 0; ) {
    current = addDays(current, 1);
    if (counts(current)) left--;
  }
  return current;
}

/** Counts `count` carrier business days forward from a date (transit time). */
export function addBusinessDays(date: string, count: number): string {
  return addDaysWhere(date, count, isBusinessDay);
}

/** Counts `count` shipping days forward from a date (the store's own work: lead time, assembly). */
export function addShippingDays(date: string, count: number, calendar: ShipCalendar): string {
  return addDaysWhere(date, count, (day) => isShippingDay(day, calendar));
}

/** True when an order placed at this instant still ships the same day. */
export function shipsSameDay(instant: Date, calendar: ShipCalendar): boolean {
  const local = storeTime(instant, calendar.timeZone);
  return isShippingDay(local.date, calendar) && local.hour * 60 + local.minute < calendar.cutoffMinutes;
}

/** The first day an order placed at this instant can leave: today before the cutoff on a shipping day, else the next. */
export function firstShipDate(instant: Date, calendar: ShipCalendar): string {
  const local = storeTime(instant, calendar.timeZone);
  if (shipsSameDay(instant, calendar)) return local.date;
  return addShippingDays(local.date, 1, calendar);
}

export interface ShipDateOptions {
  /** Business days a made-to-order item takes (the longest lead time in the order). */
  leadTimeDays?: number;
  /** Business days charm assembly adds (the spec: 1-3). */
  assemblyDays?: number;
}

/** The day the order ships, at the latest, given lead time and assembly. */
export function estimateShipDate(instant: Date, calendar: ShipCalendar, options: ShipDateOptions = {}): string {
  return addShippingDays(firstShipDate(instant, calendar), (options.leadTimeDays ?? 0) + (options.assemblyDays ?? 0), calendar);
}

/**
 * Minutes left before the same-day cutoff, or null when today's cutoff has passed, today is not a shipping day, or
 * the order cannot ship today whenever it is placed (an item made to order, charm assembly).
 */
export function minutesUntilCutoff(instant: Date, calendar: ShipCalendar, options: ShipDateOptions = {}): number | null {
  if ((options.leadTimeDays ?? 0) + (options.assemblyDays ?? 0) > 0) return null;
  if (!shipsSameDay(instant, calendar)) return null;
  const local = storeTime(instant, calendar.timeZone);
  return calendar.cutoffMinutes - (local.hour * 60 + local.minute);
}

/**
 * The instant a wall-clock time (minutes after midnight) begins on a day in a time zone: "2026-11-18" at 12:00 in
 * Chicago is 18:00 UTC (CST), "2026-07-01" at 12:00 is 17:00 UTC (CDT). A time skipped by a daylight-saving change
 * gives the instant it would have been at the earlier offset.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, day, 0, minutes);
  // Guess with the zone's offset at the wanted wall time read as UTC, then once more with the offset found there.
  let candidate = wanted;
  for (let attempt = 0; attempt < 2; attempt++) {
    const local = storeTime(new Date(candidate), timeZone);
    const [y, m, d] = local.date.split('-').map(Number) as [number, number, number];
    const shown = Date.UTC(y, m - 1, d, local.hour, local.minute);
    if (shown === wanted) return new Date(candidate);
    candidate += wanted - shown;
  }
  return new Date(candidate);
}


/**
 * When same-day shipping closes: at the cutoff today on a shipping day, else at the cutoff on the next shipping day
 * (after a weekend, a holiday or a closure day).
 */
export function nextSameDayCutoff(instant: Date, calendar: ShipCalendar): Date {
  const today = storeTime(instant, calendar.timeZone).date;
  return zonedInstant(isShippingDay(today, calendar) ? today : addShippingDays(today, 1, calendar), calendar.cutoffMinutes, calendar.timeZone);
}

/**
 * The next instant at which what a shopper is told about shipping can change: the first ship date moves at a
 * same-day cutoff on a shipping day, and "today" at midnight in the store's time zone (the earlier of the two after
 * `instant`). A page showing a ship date may be kept until then, not after.
 */
export function nextShipDateChange(instant: Date, calendar: ShipCalendar): Date {
  const today = storeTime(instant, calendar.timeZone).date;
  const midnight = zonedInstant(addDays(today, 1), 0, calendar.timeZone);
  const cutoffToday = zonedInstant(today, calendar.cutoffMinutes, calendar.timeZone);
  const cutoff = isShippingDay(today, calendar) && cutoffToday > instant ? cutoffToday : midnight;
  return cutoff < midnight ? cutoff : midnight;
}
