/** `MM-DD`: the day a fiscal year starts (`04-01`: 1 April). */
export const FISCAL_START_PATTERN = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** True for a valid `MM-DD` start day (29 February is refused: it does not come every year). */
export function isFiscalYearStart(value: unknown): value is string {
  if (typeof value !== 'string' || !FISCAL_START_PATTERN.test(value)) return false;
  const [month, day] = value.split('-').map(Number);
  return day <= [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/**
 * The fiscal year a local day (`YYYY-MM-DD`) falls in, for a fiscal year starting on `start`
 * (`MM-DD`): the calendar year in which that fiscal year began (Japanese 年度: 2027-03-31 is in
 * 2026 when the year starts on 04-01; 2027-04-01 in 2027).
 */
export function fiscalYearOf(localDay: string, start: string): number {
  const year = Number(localDay.slice(0, 4));
  return localDay.slice(5) >= start ? year : year - 1;
}

/** A fiscal year as dates: its first and last day (`YYYY-MM-DD`, inclusive) and its number ({@link fiscalYearOf}). */
export interface FiscalPeriod {
  year: number;
  from: string;
  to: string;
}

/**
 * The fiscal year (for a company: its tax period, 課税期間) a day falls in, for a year starting on
 * `start` (`MM-DD`): `2026-11-05` with `04-01` → 2026, 2026-04-01 to 2027-03-31.
 */
export function fiscalPeriodOf(localDay: string, start: string): FiscalPeriod {
  const year = fiscalYearOf(localDay, start);
  const [month, day] = start.split('-').map(Number);
  // The day before the next year's first day (UTC arithmetic on dates only: no time zone involved).
  const last = new Date(Date.UTC(year + 1, month - 1, day) - 86_400_000).toISOString().slice(0, 10);
  return { year, from: `${year}-${start}`, to: last };
}
