import { isValidDate } from './is-valid-date';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days from `from` to `to` (both `YYYY-MM-DD`; negative when `to` is earlier), or null
 * when either is not a real date. Counted in UTC, so the answer is the same in every time zone.
 */
export function daysBetween(from: unknown, to: unknown): number | null {
  if (!isValidDate(from) || !isValidDate(to)) return null;
  return Math.round((Date.parse(`${String(to)}T00:00:00Z`) - Date.parse(`${String(from)}T00:00:00Z`)) / DAY_MS);
}
