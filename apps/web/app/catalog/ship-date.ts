/** Made once: building an Intl.DateTimeFormat costs more than formatting with it, and every product page says a date. */
const weekdayAndDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "2026-11-24" -> "Tuesday, November 24" (the date is a calendar day in Central time, so read it as UTC noon). */
export function shipDateInWords(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return weekdayAndDate.format(date);
}
