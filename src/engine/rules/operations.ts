import jsonLogic from 'json-logic-js';
import { roundByCurrency } from '../money/round-by-currency';
import { isValidDate } from '../dates/is-valid-date';
import { isFiscalYearStart } from '../numbering/fiscal-year';
import { daysBetween } from '../dates/days-between';
import { activeContext } from './active-context';
import { invoiceRegistrationProblem } from '../invoices/invoice-registration-problem';

function toNumber(value: unknown): number {
  const n = typeof value === 'string' ? Number(value.trim() === '' ? NaN : value) : Number(value);
  return Number.isFinite(n) ? n : 0;
}

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function currencyCode(currency: unknown): string | null {
  if (typeof currency === 'string' && !/^\d+$/.test(currency)) return currency;
  const id = Number(currency);
  return activeContext.current.currencies?.find((c) => c.id === id)?.code ?? null;
}

function approvalsComplete(approvals: unknown, bypass: unknown): boolean {
  if (bypass === true) return true;
  const chosen = (Array.isArray(approvals) ? approvals : []).filter(
    (a) => a && typeof a === 'object' && (a as Record<string, unknown>).approver_id != null && (a as Record<string, unknown>).approver_id !== '',
  ) as Array<Record<string, unknown>>;
  const steps = activeContext.current.steps;
  // Without known steps (the check CLI without --steps) at least one approver is required.
  if (!steps) return chosen.length > 0;
  return steps.filter((s) => !s.optional).every((s) => chosen.some((a) => Number(a.master_process_id) === s.id));
}

/**
 * Ringi's custom json-logic operations, documented in docs/MODULES.md. Registered once, on
 * first import of the rules runtime; the names are what definition files may use.
 */
export const CUSTOM_OPERATIONS: Record<string, (...args: any[]) => unknown> = {
  /** sum(array, field?) → sum of the numbers (or of item[field]); non-numbers count 0. */
  sum: (array: unknown, field?: unknown) =>
    (Array.isArray(array) ? array : []).reduce<number>(
      (total, item) => total + toNumber(typeof field === 'string' && item && typeof item === 'object' ? (item as Record<string, unknown>)[field] : item),
      0,
    ),
  /** round_currency(value, currency) → value rounded as the currency is (code, or id via context currencies). */
  // An overflowed sum (±Infinity) stays as it is, so the amount check refuses it instead of a silent 0.
  round_currency: (value: unknown, currency: unknown) => roundByCurrency(typeof value === 'number' && !Number.isNaN(value) ? value : toNumber(value), currencyCode(currency)),
  /** currency_code(currency) → the currency's code (`CNY`) from a code or an id (via context currencies); null when unknown. */
  currency_code: (currency: unknown) => currencyCode(currency),
  /** to_number(value) → number, 0 when not a number. */
  to_number: (value: unknown) => toNumber(value),
  /** valid_date(value) → true for a real YYYY-MM-DD date. */
  valid_date: (value: unknown) => isValidDate(value),
  /** A day of every year `MM-DD` (a fiscal year's start; 29 February is refused). */
  valid_month_day: (value: unknown) => isFiscalYearStart(value),
  /** days_between(from, to) → whole days from `from` to `to` (negative when earlier); null unless both are dates. */
  days_between: (from: unknown, to: unknown) => daysBetween(from, to),
  /** date_before(a, b) → true when both are dates and a is earlier than b (false otherwise). */
  date_before: (a: unknown, b: unknown) => (daysBetween(a, b) ?? 0) > 0,
  /** date_after(a, b) → true when both are dates and a is later than b (false otherwise). */
  date_after: (a: unknown, b: unknown) => (daysBetween(a, b) ?? 0) < 0,
  /** valid_email(value) → true for one address `local@domain.tld` without spaces (what a mail can be sent to). */
  valid_email: (value: unknown) => typeof value === 'string' && value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim()),
  /**
   * valid_account_number(value) → a bank account number: 4–34 characters of digits, with single
   * spaces or hyphens only between digits (`1234567`, `6222 0012 3456`, `123-4567`).
   */
  valid_account_number: (value: unknown) => typeof value === 'string' && value.trim().length >= 4 && value.trim().length <= 34
    && /^\d+(?:[ -]\d+)*$/.test(value.trim()),
  /** blank(value) → null, undefined, whitespace-only string or empty array. */
  blank: (value: unknown) => isBlank(value),
  /** count(array) → number of entries (0 when not an array). */
  count: (array: unknown) => (Array.isArray(array) ? array.length : 0),
  /** length(string) → number of characters (0 when empty). */
  length: (value: unknown) => (value === null || value === undefined ? 0 : [...String(value)].length),
  /** with_field(array, field, value) → a copy of the array with item[field] = value on every object item. */
  with_field: (array: unknown, field: unknown, value: unknown) =>
    (Array.isArray(array) ? array : []).map((item) =>
      item && typeof item === 'object' && typeof field === 'string' ? { ...(item as object), [field]: value } : item,
    ),
  /**
   * invoice_registration_problem(value) → null for a valid qualified-invoice registration number
   * (`T` + 13 digits with the 法人番号 check digit), else `"format"` or `"checkDigit"`.
   */
  invoice_registration_problem: (value: unknown) => invoiceRegistrationProblem(value),
  /** digit_count(value) → how many characters a string of ASCII digits has; -1 for anything else (fapiao numbers: 8 or 20). */
  digit_count: (value: unknown) => (typeof value === 'string' && /^[0-9]+$/.test(value) ? value.length : -1),
  /** approvals_complete(approvals, bypass) → every mandatory master-process step has an approver, or bypass. */
  approvals_complete: approvalsComplete,
};

let registered = false;

/** Register the custom operations with json-logic (idempotent). */
export function registerOperations(): void {
  if (registered) return;
  for (const [name, fn] of Object.entries(CUSTOM_OPERATIONS)) jsonLogic.add_operation(name, fn);
  registered = true;
}

/** json-logic's own operators (what a rule may use besides CUSTOM_OPERATIONS). */
export const BUILT_IN_OPERATIONS = [
  'var', 'missing', 'missing_some', 'if', '?:', '==', '===', '!=', '!==', '!', '!!', 'or', 'and',
  '>', '>=', '<', '<=', 'max', 'min', '+', '-', '*', '/', '%', 'map', 'reduce', 'filter', 'all',
  'none', 'some', 'merge', 'in', 'cat', 'substr', 'log',
] as const;
