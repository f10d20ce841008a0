/** Currencies whose amounts have no decimals (spec: "JPY and other show no decimals"). */
const NO_DECIMALS = new Set(['JPY', 'OTHER']);

/** Number of decimals an amount in `currencyCode` is rounded to (0 for JPY/other, else 2). */
export function currencyDecimals(currencyCode: string | null | undefined): number {
  return currencyCode && NO_DECIMALS.has(currencyCode.toUpperCase()) ? 0 : 2;
}

/**
 * Round an amount the way its currency is rounded. Half away from zero; the epsilon nudge
 * keeps binary fractions such as 1.005 from rounding down. An amount too large to have a
 * fraction is returned as it is (multiplying it by 100 would overflow to Infinity), and so is
 * ±Infinity — a sum that overflowed stays visible to the amount check (`amountProblem`) instead
 * of turning into 0; NaN is 0.
 */
export function roundByCurrency(amount: number, currencyCode: string | null | undefined): number {
  if (Number.isNaN(amount)) return 0;
  const factor = 10 ** currencyDecimals(currencyCode);
  if (!Number.isFinite(amount) || Math.abs(amount) * factor >= 2 ** 53) return amount;
  const rounded = Math.sign(amount) * Math.round(Math.abs(amount) * factor + 1e-9) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}
