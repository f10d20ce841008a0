/**
 * How much input tax a purchase may deduct under the qualified-invoice system (インボイス制度):
 * `qualified` (適格: the supplier's registration number was valid on the transaction date, or the
 * date is before the system began on 2023-10-01); otherwise the transitional measure (経過措置,
 * 平成28年改正法附則52条・53条, as amended by the 令和8年度税制改正 for periods from 2026-10-01)
 * at the step of `TRANSITIONAL_SCHEDULE` in force on the date, and `none` after it ends.
 *
 * The schedule and the cap per tax period are data: the journal lines, the tax-class choice of each
 * preset (`purchase_10@70` …), MoneyForward's インボイス column, the preview's warning and
 * docs/ACCOUNTING.md all read these two tables. A further reform is a new row here.
 */
export const INVOICE_DEDUCTIONS = ['qualified', '80', '70', '50', '30', 'none'] as const;
export type InvoiceDeduction = typeof INVOICE_DEDUCTIONS[number];
/** The deductions of the transitional measure (a purchase without a qualified invoice that still deducts). */
export type TransitionalDeduction = Exclude<InvoiceDeduction, 'qualified' | 'none'>;

/** The first day of the qualified-invoice system. */
export const INVOICE_SYSTEM_START = '2023-10-01';

/**
 * From-date (`YYYY-MM-DD`, inclusive) → the deduction of a purchase without a qualified invoice,
 * in date order; each row holds until the day before the next one.
 */
export const TRANSITIONAL_SCHEDULE: ReadonlyArray<{ from: string; deduction: TransitionalDeduction | 'none' }> = [
  { from: INVOICE_SYSTEM_START, deduction: '80' },
  // 令和8年度税制改正: 70 % / 50 % / 30 % (was 50 % from 2026-10-01 to 2029-09-30).
  { from: '2026-10-01', deduction: '70' },
  { from: '2028-10-01', deduction: '50' },
  { from: '2030-10-01', deduction: '30' },
  { from: '2031-10-01', deduction: 'none' },
];

/**
 * One supplier's purchases without a qualified invoice in one tax period (課税期間: a company's
 * business year, 事業年度) above which the transitional deduction no longer applies to the excess,
 * from-date → yen, in date order: the row in force on the day the **tax period begins** applies
 * to the whole period (the amendments apply "to tax periods beginning on or after" their day).
 * 10億円 from the 令和6年度改正 (periods beginning on or after 2024-10-01), 1億円 from the
 * 令和8年度改正 (periods beginning on or after 2026-10-01, 「その年又はその事業年度で1億円」).
 * A period beginning before the first row has no cap.
 */
export const TRANSITIONAL_YEARLY_CAPS: ReadonlyArray<{ from: string; yen: number }> = [
  { from: '2024-10-01', yen: 1_000_000_000 },
  { from: '2026-10-01', yen: 100_000_000 },
];

/** The row of a from-date table in force on `date` (undefined before its first row). */
function inForce<T extends { from: string }>(table: ReadonlyArray<T>, date: string): T | undefined {
  let found: T | undefined;
  for (const row of table) if (row.from <= date) found = row;
  return found;
}

/** The deduction for a purchase on `date` (`YYYY-MM-DD`) from a supplier registered then (`qualified`) or not. */
export function invoiceDeduction(date: string, qualified: boolean): InvoiceDeduction {
  if (qualified || date < INVOICE_SYSTEM_START) return 'qualified';
  return inForce(TRANSITIONAL_SCHEDULE, date)?.deduction ?? 'qualified';
}

/** Whether a posting's deduction is one of the transitional measure's (80 %, 70 %, 50 %, 30 %). */
export function isTransitional(deduction: InvoiceDeduction | null | undefined): deduction is TransitionalDeduction {
  return deduction !== null && deduction !== undefined && deduction !== 'qualified' && deduction !== 'none';
}

/** The cap per supplier for a tax period beginning on `periodFrom` (`YYYY-MM-DD`), or null for a period begun before there was one. */
export function transitionalCapFor(periodFrom: string): number | null {
  return inForce(TRANSITIONAL_YEARLY_CAPS, periodFrom)?.yen ?? null;
}
