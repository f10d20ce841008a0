/** Currencies whose amounts have no decimals (spec: "JPY and other show no decimals"). */
const NO_DECIMALS = new Set(['JPY', 'OTHER']);

/** Number of decimals an amount in `currencyCode` is rounded to (0 for JPY/other, else 2). */
export function currencyDecimals(currencyCode: string | null | undefined): number {
  if (!currencyCode) return 2;
  // Every amount of a form has the same currency: the last code's answer is kept, so a
  // 1000-item list does not upper-case its code once per amount and per rounding.
  if (currencyCode !== last.code) {
    last.code = currencyCode;
    last.decimals = NO_DECIMALS.has(currencyCode.toUpperCase()) ? 0 : 2;
  }
  return last.decimals;
}

const last = { code: '', decimals: 2 };

/** 10 ** decimals for the decimals `currencyDecimals` answers (0 or 2), looked up rather than raised per amount. */
export const DECIMAL_FACTORS = [1, 10, 100] as const;

/**
 * Round an amount the way its currency is rounded. Half away from zero; the epsilon nudge
 * keeps binary fractions such as 1.005 from rounding down. An amount too large to have a
 * fraction is returned as it is (multiplying it by 100 would overflow to Infinity), and so is
 * ±Infinity — a sum that overflowed stays visible to the amount check (`amountProblem`) instead
 * of turning into 0; NaN is 0.
 */
export function roundByCurrency(amount: number, currencyCode: string | null | undefined): number {
  if (Number.isNaN(amount)) return 0;
  const factor = DECIMAL_FACTORS[currencyDecimals(currencyCode)];
  if (!Number.isFinite(amount) || Math.abs(amount) * factor >= 2 ** 53) return amount;
  const rounded = Math.sign(amount) * Math.round(Math.abs(amount) * factor + 1e-9) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}
