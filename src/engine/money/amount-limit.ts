import { currencyDecimals, DECIMAL_FACTORS, roundByCurrency } from './round-by-currency';

/** Significant digits an amount may have as stored: what a double holds exactly (and PostgreSQL's numeric columns show). */
export const MAX_AMOUNT_DIGITS = 15;

/** `maxAmount` per number of decimals, computed once (the check runs for every amount of every item). */
const MAX_BY_DECIMALS = DECIMAL_FACTORS.map((factor) => (10 ** MAX_AMOUNT_DIGITS - 1) / factor);

/**
 * The largest amount a currency takes: 15 significant digits at the currency's precision —
 * 9,999,999,999,999.99 for a currency with cents, 999,999,999,999,999 for JPY. Larger amounts
 * would be stored rounded, as an exponent (`1.2345678901234568e+22`) or overflow to `null`.
 */
export function maxAmount(currencyCode: string | null | undefined): number {
  return MAX_BY_DECIMALS[currencyDecimals(currencyCode)];
}

/** The currency's minor unit as the messages show it: `0.01` for a currency with cents, `1` for JPY and other currencies without decimals. */
export function minorUnit(currencyCode: string | null | undefined): string {
  const decimals = currencyDecimals(currencyCode);
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

/**
 * Why an amount cannot be stored, or null when it can: `invalid` for NaN, `tooLarge` when, rounded as its currency is, it has more than 15 significant digits
 * or overflowed (`Infinity` from `1e308 + 1e308`, which JSON would store as `null`), `precision` when it has a part below the
 * currency's minor unit (123.456 CNY, 100.5 JPY): such an amount would be stored as sent while every total over it is rounded,
 * so it is refused rather than rounded quietly.
 */
export function amountProblem(value: unknown, currencyCode: string | null | undefined): 'invalid' | 'tooLarge' | 'precision' | null {
  // Only numbers: a missing amount or text where a number belongs is for the schema's type and the module's own rules ('Please fill Amount').
  if (typeof value !== 'number') return null;
  const amount = value;
  if (Number.isNaN(amount)) return 'invalid';
  if (!Number.isFinite(amount)) return 'tooLarge';
  const rounded = roundByCurrency(amount, currencyCode);
  if (Math.abs(rounded) > maxAmount(currencyCode)) return 'tooLarge';
  // An amount typed with at most the currency's decimals parses to the very double rounding gives back.
  return rounded === amount ? null : 'precision';
}
