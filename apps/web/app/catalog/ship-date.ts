/** "2026-11-24" -> "Tuesday, November 24" (the date is a calendar day in Central time, so read it as UTC noon). */
export function shipDateInWords(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}
