import { STATUS_LABELS, type OrderStatus } from '@charms/domain/order-status';
import { SHIPPING_TIME_ZONE } from '@charms/domain/ship-dates';

/**
 * Dates and times as staff read them: in the shop's own time (Central), whatever the server's or the browser's zone,
 * so the server's render and the browser's agree.
 */
const dateTime = new Intl.DateTimeFormat('en-US', { timeZone: SHIPPING_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { timeZone: SHIPPING_TIME_ZONE, dateStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat('en-US', { timeZone: SHIPPING_TIME_ZONE, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeOnly.format(date);
}

/** A calendar day (YYYY-MM-DD, already in store time) as words: "Nov 23, 2026". */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return formatDateTime(day);
  // Noon UTC of that day is the same calendar day in Central time.
  return dateOnly.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)));
}

export function statusLabel(status: OrderStatus): string {
  return STATUS_LABELS[status];
}
