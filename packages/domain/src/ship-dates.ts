import { isCarrierHoliday } from './carrier-holidays';

/**
 * When an order ships. Orders placed before 12 noon Central time (America/Chicago) on a business day ship that
 * day; later ones the next business day. Made-to-order items add their lead time in business days. A business day
 * is a weekday the carriers work: not one of their holidays nor its observed day (see carrier-holidays.ts).
 * Dates are calendar days in Central time, as "YYYY-MM-DD".
 */
export const SHIPPING_TIME_ZONE = 'America/Chicago';
export const SAME_DAY_CUTOFF_HOUR = 12;

export interface CentralTime {
  date: string;
  hour: number;
  minute: number;
}

const centralParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHIPPING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

let lastCentral: { minute: number; time: CentralTime } | undefined;

/**
 * The wall-clock date and time in Central time at an instant (daylight saving included). Every answer about the
 * bag asks this several times, so the last minute's answer is kept (Central time is a whole number of hours from
 * UTC, so it is the same for the whole UTC minute).
 */
export function toCentral(instant: Date): CentralTime {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastCentral?.minute === minute) return lastCentral.time;
  const parts = Object.fromEntries(centralParts.formatToParts(instant).map((part) => [part.type, part.value]));
  const time: CentralTime = Object.freeze({ date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) });
  lastCentral = { minute, time };
  return time;
}

function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isBusinessDay(date: string): boolean {
  const day = dayOfWeek(date);
  return day !== 0 && day !== 6 && !isCarrierHoliday(date);
}

export function isSaturday(date: string): boolean {
  return dayOfWeek(date) === 6;
}

export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Counts `count` business days forward from a date (0 returns the date itself). */
export function addBusinessDays(date: string, count: number): string {
  let current = date;
  for (let left = count; left > 0; ) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) left--;
  }
  return current;
}

/** True when an order placed at this instant still ships the same day. */
export function shipsSameDay(instant: Date): boolean {
  const central = toCentral(instant);
  return isBusinessDay(central.date) && central.hour < SAME_DAY_CUTOFF_HOUR;
}

/** The first day an order placed at this instant can leave: today before noon on a business day, else the next. */
export function firstShipDate(instant: Date): string {
  const central = toCentral(instant);
  if (shipsSameDay(instant)) return central.date;
  return addBusinessDays(central.date, 1);
}

export interface ShipDateOptions {
  /** Business days a made-to-order item takes (the longest lead time in the order). */
  leadTimeDays?: number;
  /** Business days charm assembly adds (the spec: 1-3). */
  assemblyDays?: number;
}

/** The day the order ships, at the latest, given lead time and assembly. */
export function estimateShipDate(instant: Date, options: ShipDateOptions = {}): string {
  return addBusinessDays(firstShipDate(instant), (options.leadTimeDays ?? 0) + (options.assemblyDays ?? 0));
}

/** Minutes left before the same-day cutoff, or null when today's cutoff has passed or today is not a business day. */
export function minutesUntilCutoff(instant: Date): number | null {
  if (!shipsSameDay(instant)) return null;
  const central = toCentral(instant);
  return (SAME_DAY_CUTOFF_HOUR - central.hour) * 60 - central.minute;
}

/**
 * The instant a Central wall-clock hour begins on a day: "2026-11-18" at 12 is 18:00 UTC (CST), "2026-07-01" at 12
 * is 17:00 UTC (CDT). Central time is UTC-6 or UTC-5; daylight saving changes at 2 a.m., so whole hours other than
 * 2 a.m. on those two nights exist exactly once.
 */
export function centralInstant(date: string, hour: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  for (const offset of [6, 5]) {
    const candidate = new Date(Date.UTC(year, month - 1, day, hour + offset));
    const central = toCentral(candidate);
    if (central.date === date && central.hour === hour) return candidate;
  }
  return new Date(Date.UTC(year, month - 1, day, hour + 6));
}

/**
 * When same-day shipping closes: at noon Central today on a business day, else at noon on the next business day
 * (after a weekend or a holiday).
 */
export function nextSameDayCutoff(instant: Date): Date {
  const today = toCentral(instant).date;
  return centralInstant(isBusinessDay(today) ? today : addBusinessDays(today, 1), SAME_DAY_CUTOFF_HOUR);
}
