/**
 * `n` as a circled number (① … ㊿, Unicode has 1–50); larger numbers as "(n)". Used for the rows
 * of an inline array with `ui:options.indexLabel: "circled"` (spec 001: the seal's stamped documents).
 */
export function circledNumber(n: number): string {
  if (!Number.isInteger(n) || n < 1) return `(${n})`;
  if (n <= 20) return String.fromCodePoint(0x2460 + n - 1);
  if (n <= 35) return String.fromCodePoint(0x3251 + n - 21);
  if (n <= 50) return String.fromCodePoint(0x32b1 + n - 36);
  return `(${n})`;
}
