import { STATUS_LABELS, type OrderStatus } from '@charms/domain/order-status';

/**
 * Dates and times as staff read them: in the store's time zone (its settings, handed to the pages by the admin layout:
 * see use-time-zone.ts), whatever the server's or the browser's zone, so the server's render and the browser's agree.
 */
const formats = new Map<string, { dateTime: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
function formatsFor(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      dateTime: new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }),
      time: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
    };
    formats.set(timeZone, found);
  }
  return found;
}
const dayOnly = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' });

export function formatDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatsFor(timeZone).dateTime.format(date);
}

export function formatTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatsFor(timeZone).time.format(date);
}

/** A calendar day (YYYY-MM-DD, already a store day) as words: "Nov 23, 2026". */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  // Read at noon UTC and written in UTC: the same calendar day, whatever the store's zone.
  return dayOnly.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)));
}

export function statusLabel(status: OrderStatus): string {
  return STATUS_LABELS[status];
}
