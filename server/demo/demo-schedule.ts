import { isBusinessDay, localDate, type BusinessCalendar } from '../../src/engine';
import type { Prng } from './prng';

/** Office hours the demo's people file and approve in, minutes of the local day (09:00–18:00). */
const OPENS = 9 * 60;
const CLOSES = 18 * 60;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` moved by whole days. */
export function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A stride near the golden section of `n` that visits every index of `0…n-1` once (coprime with n): spreads a list over time. */
export function coprimeStride(n: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = Math.max(1, Math.round(n * 0.618));
  while (n > 1 && gcd(stride, n) !== 1) stride += 1;
  return stride;
}

/** Minutes of the local day of an instant in a time zone. */
function localMinute(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** The instant of a local day and minute in a time zone. */
export function instantAt(date: string, minute: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  // The zone's offset at that wall time, measured once and checked once (a change of offset in between moves it).
  let guess = wall;
  for (let i = 0; i < 2; i += 1) {
    const seen = Date.parse(`${localDate(new Date(guess), timeZone)}T00:00:00Z`) + localMinute(new Date(guess), timeZone) * 60_000;
    guess += wall - seen;
  }
  return new Date(guess);
}

/** The working days of a calendar from `from` to `to` (both `YYYY-MM-DD`, inclusive), oldest first. */
export function workingDays(calendar: BusinessCalendar, from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) if (isBusinessDay(day, calendar)) days.push(day);
  return days;
}

/**
 * The last day (`YYYY-MM-DD`, local) whose office hours had begun by `now`: today once it is half
 * an hour past opening, else yesterday (a working day or not; `workingDays` picks among them).
 */
export function lastOfficeDay(calendar: BusinessCalendar, now: Date): string {
  const today = localDate(now, calendar.timeZone);
  return localMinute(now, calendar.timeZone) >= OPENS + 30 ? today : shiftDay(today, -1);
}

/** A working instant on `day`: a random minute in office hours, before `latest` when that is the same day. */
export function officeInstant(calendar: BusinessCalendar, day: string, rng: Prng, latest?: Date): Date {
  const last = latest && localDate(latest, calendar.timeZone) === day ? Math.min(CLOSES - 30, localMinute(latest, calendar.timeZone) - 5) : CLOSES - 30;
  return instantAt(day, rng.int(OPENS, Math.max(OPENS, last)), calendar.timeZone);
}

/**
 * Working minutes from `from` to `to` in the calendar: office hours of working days only. Both
 * ends are instants; a part outside office hours counts nothing.
 */
function workingMinutesBetween(calendar: BusinessCalendar, from: Date, to: Date): number {
  let total = 0;
  const last = localDate(to, calendar.timeZone);
  for (let day = localDate(from, calendar.timeZone); day <= last; day = shiftDay(day, 1)) {
    if (!isBusinessDay(day, calendar)) continue;
    const start = Math.max(OPENS, day === localDate(from, calendar.timeZone) ? localMinute(from, calendar.timeZone) : 0);
    const end = Math.min(CLOSES, day === last ? localMinute(to, calendar.timeZone) : 24 * 60);
    total += Math.max(0, end - start);
  }
  return total;
}

/** The instant `minutes` working minutes after `from` (office hours of working days only). */
function addWorkingMinutes(calendar: BusinessCalendar, from: Date, minutes: number): Date {
  let day = localDate(from, calendar.timeZone);
  let minute = Math.max(OPENS, localMinute(from, calendar.timeZone));
  let left = minutes;
  for (let guard = 0; guard < 400; guard += 1) {
    if (isBusinessDay(day, calendar) && minute < CLOSES) {
      if (minute + left <= CLOSES) return instantAt(day, minute + left, calendar.timeZone);
      left -= CLOSES - minute;
    }
    day = shiftDay(day, 1);
    minute = OPENS;
  }
  return instantAt(day, OPENS, calendar.timeZone);
}

/**
 * The instants of one document's life: it starts at its filing instant, and each later action
 * (an approval, an edit, treasury data) comes some working time after the one before — the same
 * day or the next working days, within office hours — never after `limit` (the demo's now): when
 * the time left is short, the actions left share it.
 */
export function documentTimeline(calendar: BusinessCalendar, filedAt: Date, limit: Date, rng: Prng) {
  let current = filedAt;
  return {
    get current() { return current; },
    /** The next action's instant, with about `actionsLeft` more to come after it. */
    next(actionsLeft: number): Date {
      const room = workingMinutesBetween(calendar, current, limit);
      const share = Math.floor(room / (actionsLeft + 1));
      const step = Math.max(1, Math.min(rng.int(20, 9 * 60 + 30), share));
      const next = addWorkingMinutes(calendar, current, step);
      current = next.getTime() > limit.getTime() ? new Date(Math.max(current.getTime() + 60_000, limit.getTime() - 60_000)) : next;
      return current;
    },
  };
}
