import { type ShipCalendar, nextShipDateChange } from '@charms/domain/ship-dates';

/** The longest a page is kept whatever else happens: a backstop for a change that no notification announced. */
export const SAFETY_TTL_MS = 10 * 60_000;

/**
 * Until when a shared page rendered at `startedAt` may be served. Catalog, content and settings changes drop it when
 * they happen (NOTIFY catalog_changed); what changes with the time alone is:
 * - what the product page says about shipping (its ship date): until the next same-day cutoff or store midnight;
 * - the footer's year: until the new year (the server's);
 * - anything else: SAFETY_TTL_MS.
 * The API may answer with a product page it computed up to `apiCacheSeconds` earlier, so the ship date shown is the
 * one of that moment: a page rendered just after a cutoff from an answer of just before it expires at once.
 */
export function pageExpiry(startedAt: number, calendar: ShipCalendar, apiCacheSeconds: number): number {
  const newYear = new Date(new Date(startedAt).getFullYear() + 1, 0, 1).getTime();
  return Math.min(startedAt + SAFETY_TTL_MS, shipDateChangeAfter(startedAt - apiCacheSeconds * 1000, calendar), newYear);
}

/**
 * The last answer of nextShipDateChange and the calendar it was for (by content: the settings are read anew after
 * each change). What shoppers are told about shipping stays the same from the instant asked until that change, so
 * the answer holds for every instant in between: the pages rendered until the next cutoff or midnight reuse it
 * instead of reading the store's wall clock through Intl several times each (about 2% of a page's CPU profile).
 */
let last: { calendar: string; from: number; until: number } | undefined;

function shipDateChangeAfter(instant: number, calendar: ShipCalendar): number {
  const key = `${calendar.timeZone}|${calendar.cutoffMinutes}|${[...calendar.closureDays].join(',')}`;
  if (last && last.calendar === key && last.from <= instant && instant < last.until) return last.until;
  const until = nextShipDateChange(new Date(instant), calendar).getTime();
  last = { calendar: key, from: instant, until };
  return until;
}
