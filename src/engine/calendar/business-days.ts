/**
 * A company's calendar of working days (issue #20, reminders and escalation): which weekdays are
 * the weekend, which dates are holidays, and which weekend dates are worked instead (the make-up
 * working days of a Chinese holiday schedule, 调休). Pure: no clock, no database.
 */
export interface BusinessCalendar {
  /** Days of the week that are not worked: 0 = Sunday … 6 = Saturday. */
  weekendDays: readonly number[];
  /** Dates (`YYYY-MM-DD`) that are not worked although their weekday is. */
  holidays: ReadonlySet<string>;
  /** Weekend dates (`YYYY-MM-DD`) that are worked (make-up working days); absent = none. */
  workdays?: ReadonlySet<string>;
  /** IANA time zone in which the company's days begin and end (e.g. `Asia/Tokyo`). */
  timeZone: string;
}

const DAY_MS = 86_400_000;

function toUtcMs(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether `date` (`YYYY-MM-DD`) is worked in the calendar. */
export function isBusinessDay(date: string, calendar: BusinessCalendar): boolean {
  if (calendar.holidays.has(date)) return false;
  if (calendar.workdays?.has(date)) return true;
  return !calendar.weekendDays.includes(new Date(toUtcMs(date)).getUTCDay());
}

/** The calendar date (`YYYY-MM-DD`) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * Business days strictly between two dates (`from` < d < `to`): the whole working days that
 * passed after the day something started and before today. 0 when `to` is not after `from`.
 */
export function businessDaysBetween(from: string, to: string, calendar: BusinessCalendar): number {
  const end = toUtcMs(to);
  let count = 0;
  for (let day = toUtcMs(from) + DAY_MS; day < end; day += DAY_MS) {
    if (isBusinessDay(fromUtcMs(day), calendar)) count++;
  }
  return count;
}

/** The `n`-th business day after `from` (n ≥ 1); `from` itself when n ≤ 0. */
export function addBusinessDays(from: string, n: number, calendar: BusinessCalendar): string {
  let day = toUtcMs(from);
  for (let left = n; left > 0;) {
    day += DAY_MS;
    if (isBusinessDay(fromUtcMs(day), calendar)) left--;
  }
  return fromUtcMs(day);
}

/**
 * Whole business days a thing pending since `since` has waited at `now`, in the calendar's time
 * zone: the working days after the day it started, before today (a step activated on Monday has
 * waited 2 on Thursday, whatever the hour).
 */
export function businessDaysWaited(since: Date, now: Date, calendar: BusinessCalendar): number {
  return businessDaysBetween(localDate(since, calendar.timeZone), localDate(now, calendar.timeZone), calendar);
}
