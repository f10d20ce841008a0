const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True when `value` is a real calendar date written `YYYY-MM-DD` (the API and mask format).
 * Plain arithmetic (validation calls this once per item of a list): the same answers as
 * dayjs's strict `YYYY-MM-DD` parse, which also refuses years before 0100 (it reads them as
 * 19xx) — `tests/engine/money-and-dates.test.ts` compares both.
 */
export function isValidDate(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 10 || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}
