/**
 * The days the carriers neither pick up nor deliver: New Year's Day, Memorial Day (last Monday of May), Independence
 * Day (July 4), Labor Day (first Monday of September), Thanksgiving (fourth Thursday of November) and Christmas
 * (December 25). A fixed-date holiday that falls on a Saturday is observed the Friday before, one on a Sunday the
 * Monday after; both the day itself and its observed day are holidays (no Saturday delivery on July 4 either).
 * Computed from the rules, so every year is covered. Dates are calendar days, "YYYY-MM-DD".
 */
export interface CarrierHoliday {
  name: string;
  date: string;
  /** The weekday the carriers close for it (the date itself unless it falls at the weekend). */
  observed: string;
}

function isoDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The nth (1-based) given weekday (0 = Sunday) of a month; a negative n counts from the month's end. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return isoDate(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return isoDate(year, month, lastDay.getUTCDate() - back + (n + 1) * 7);
}

function fixed(name: string, year: number, month: number, day: number): CarrierHoliday {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const shift = weekday === 6 ? -1 : weekday === 0 ? 1 : 0;
  return { name, date: isoDate(year, month, day), observed: isoDate(year, month, day + shift) };
}

function floating(name: string, date: string): CarrierHoliday {
  return { name, date, observed: date };
}

/** The six holidays of a year, in calendar order (New Year's observed day may be December 31 of the year before). */
export function carrierHolidays(year: number): CarrierHoliday[] {
  return [
    fixed("New Year's Day", year, 1, 1),
    floating('Memorial Day', nthWeekday(year, 5, 1, -1)),
    fixed('Independence Day', year, 7, 4),
    floating('Labor Day', nthWeekday(year, 9, 1, 1)),
    floating('Thanksgiving', nthWeekday(year, 11, 4, 4)),
    fixed('Christmas Day', year, 12, 25),
  ];
}

const closedDaysByYear = new Map<number, ReadonlySet<string>>();

/** Every date in a year the carriers are closed: the holidays and their observed days, next New Year's included. */
function closedDays(year: number): ReadonlySet<string> {
  let days = closedDaysByYear.get(year);
  if (!days) {
    const prefix = `${year}-`;
    days = new Set(
      [...carrierHolidays(year), ...carrierHolidays(year + 1)]
        .flatMap((holiday) => [holiday.date, holiday.observed])
        .filter((date) => date.startsWith(prefix)),
    );
    closedDaysByYear.set(year, days);
  }
  return days;
}

/** True on a carrier holiday or the weekday it is observed on. */
export function isCarrierHoliday(date: string): boolean {
  return closedDays(Number(date.slice(0, 4))).has(date);
}
