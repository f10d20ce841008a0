import { INVOICE_DEDUCTIONS, type InvoiceDeduction, type TransitionalDeduction } from './invoice-deduction';

/** The tax classes a line books at (each preset names them in its product's words). */
export type TaxClassKey = 'purchase_10' | 'purchase_8r' | 'sales_10' | 'sales_8r' | 'outside';

const TRANSITIONAL_DEDUCTIONS = INVOICE_DEDUCTIONS.filter((d): d is TransitionalDeduction => d !== 'qualified' && d !== 'none');
/**
 * The names of the transitional deductions a company may set in its mapping's `tax_classes`, per
 * the list it uses (the shipped names are not confirmed with the products: docs/ACCOUNTING.md):
 * 弥生's tax classes of a purchase without a qualified invoice (`purchase_10@70` → 課対仕入内10%区分70%)
 * and MoneyForward's インボイス column (`invoice@70` → 70%控除). One per step of TRANSITIONAL_SCHEDULE.
 */
export const TRANSITIONAL_NAME_KEYS = {
  yayoi: TRANSITIONAL_DEDUCTIONS.flatMap((d) => [`purchase_10@${d}`, `purchase_8r@${d}`]),
  moneyforward: TRANSITIONAL_DEDUCTIONS.map((d) => `invoice@${d}`),
} as const satisfies Record<'yayoi' | 'moneyforward', string[]>;
/** A module's default rate for amounts without an invoice breakdown: 10 %, reduced 8 %, or outside tax (対象外). */
export type TaxRate = '10' | '8r' | 'exempt';

/** An account and optional sub-account (勘定科目 / 補助科目) as the accounting product names them. */
export interface AccountRef {
  account: string;
  sub_account?: string;
}

/**
 * A company's journal mapping (`GET/PUT /companies/{id}/journal_mapping`, docs/ACCOUNTING.md):
 * `list` the product's standard list its names are checked against; per module the default debit
 * and credit accounts and tax rate; per expense account (id) the debit (expense) account; per
 * company bank account (id) the account that pays or receives; `tax_classes` renames a tax class
 * (a name of the list) and, for the list's product, a transitional deduction's name
 * ({@link TRANSITIONAL_NAME_KEYS}: free text, the product's name as the company's own list shows it).
 */
export interface JournalMapping {
  list: 'yayoi' | 'moneyforward';
  modules: Record<string, { debit?: AccountRef; credit?: AccountRef; tax_rate?: TaxRate }>;
  expense_accounts?: Record<string, AccountRef>;
  payment_methods?: Record<string, AccountRef>;
  tax_classes?: Partial<Record<string, string>>;
}

/** One side of one journal line. */
export interface Posting {
  account: string;
  subAccount: string;
  department: string;
  counterparty: string;
  taxClass: TaxClassKey;
  /** Tax-inclusive amount (integer, the booking currency's smallest whole unit). */
  amount: number;
  /** The tax inside `amount`. */
  tax: number;
  /** Purchases: the input-tax deduction (インボイス); null for sales and for lines outside tax. */
  deduction: InvoiceDeduction | null;
}

/** One line of a journal: a debit, a credit, or both (a slip line as 弥生 and MoneyForward write it). */
export interface JournalRow {
  debit: Posting | null;
  credit: Posting | null;
}

/** One decided document as one balanced journal (仕訳). */
export interface Journal {
  documentId: number;
  code: string;
  moduleCode: string;
  /** `expense` (the lines are debits) or `revenue` (the lines are credits). */
  side: 'expense' | 'revenue';
  /** `YYYY-MM-DD`. */
  date: string;
  /** The booking currency (ISO code) and the document's amount in it (integer). */
  currency: string;
  total: number;
  /** 摘要: the document code first, then its number (決裁番号, else 申請番号) when it has one, then the counterparty. */
  memo: string;
  rows: JournalRow[];
}
