/**
 * Calendar days in words, written out rather than with Intl.DateTimeFormat: the browser's first Intl formatter loads
 * ICU's locale data, about 15 ms of a phone's main thread (60 ms in Lighthouse's mobile emulation) in the middle of
 * hydrating a product page or the bag (decision 0053). The text is en-US's, which the tests check against Intl.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The calendar day of "2026-11-24" (a day in Central time, read as UTC noon), or null for anything else. */
function calendarDay(isoDate: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  const date = new Date(`${isoDate}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "2026-11-24" -> "Tuesday, November 24"; anything that is not a date is left as it is. */
export function shipDateInWords(isoDate: string): string {
  const date = calendarDay(isoDate);
  return date ? `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}` : isoDate;
}

/** "2026-12-02" -> "Wed, Dec 2"; anything that is not a date is left as it is. */
export function shortDay(isoDate: string): string {
  const date = calendarDay(isoDate);
  return date ? `${WEEKDAYS[date.getUTCDay()]!.slice(0, 3)}, ${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}` : isoDate;
}
