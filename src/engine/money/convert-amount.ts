/** How a converted amount is rounded at the reporting currency's minor unit (a company's choice). */
export const ROUNDING_RULES = ['half_up', 'down', 'half_even'] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];

/** Decimal places a rate is kept with (the table's numeric(24,10)). */
export const RATE_DECIMALS = 10;
/** Decimal places an amount is read with before converting (amounts carry at most 2; 4 leaves room). */
const AMOUNT_DECIMALS = 4;

/** A finite number as an integer of `scale` decimal places (exact for what `toFixed` prints). */
function scaled(value: number, scale: number): bigint {
  const [whole, fraction = ''] = Math.abs(value).toFixed(scale).split('.');
  const n = BigInt(whole + fraction.padEnd(scale, '0'));
  return value < 0 ? -n : n;
}

/**
 * `amount` × `rate`, rounded to `decimals` places by `rule`, computed exactly in decimal (no
 * binary fractions: 0.5 at the minor unit is a tie, so half-even and half-up differ only there).
 * `half_up` rounds a tie away from zero (四捨五入), `down` cuts towards zero (切り捨て),
 * `half_even` rounds a tie to the even neighbour (banker's rounding). A non-finite amount or rate
 * gives null.
 */
export function convertAmount(amount: number, rate: number, decimals: number, rule: RoundingRule): number | null {
  if (!Number.isFinite(amount) || !Number.isFinite(rate) || Math.abs(amount) >= 1e17) return null;
  const product = scaled(amount, AMOUNT_DECIMALS) * scaled(rate, RATE_DECIMALS);
  const divisor = 10n ** BigInt(AMOUNT_DECIMALS + RATE_DECIMALS - decimals);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / divisor;
  const twice = (magnitude % divisor) * 2n;
  if (rule === 'half_up' ? twice >= divisor : rule === 'half_even' ? twice > divisor || (twice === divisor && quotient % 2n === 1n) : false) quotient += 1n;
  const result = Number(negative ? -quotient : quotient) / 10 ** decimals;
  return Object.is(result, -0) ? 0 : result;
}
