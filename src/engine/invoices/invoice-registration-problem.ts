/** Why a qualified-invoice registration number is refused: its shape, or its check digit. */
export type InvoiceRegistrationProblem = 'format' | 'checkDigit';

/**
 * Checks a qualified-invoice issuer's registration number (適格請求書発行事業者登録番号,
 * 消費税法57条の2): `T` followed by 13 digits whose first digit is the check digit of the
 * other twelve, computed as for a 法人番号 (法人番号の指定等に関する省令 第2条):
 * check digit = 9 − (Σ Pn × Qn mod 9), n = 1…12 counted from the lowest digit of the twelve,
 * Qn = 1 for odd n and 2 for even n. E.g. T1180301018771, T7000012050002.
 * Returns null when it is valid, else the problem. Surrounding spaces are not tolerated: the
 * number is printed on invoices exactly so.
 */
export function invoiceRegistrationProblem(value: unknown): InvoiceRegistrationProblem | null {
  if (typeof value !== 'string' || !/^T\d{13}$/.test(value)) return 'format';
  const digits = value.slice(1);
  const base = digits.slice(1);
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) {
    const p = Number(base[12 - n]);
    sum += p * (n % 2 === 1 ? 1 : 2);
  }
  return Number(digits[0]) === 9 - (sum % 9) ? null : 'checkDigit';
}
