import { isValidDate } from '../dates/is-valid-date';
import { invoiceDeduction } from './invoice-deduction';
import type { JournalFacts } from './journal-facts';
import type { AccountRef, Journal, JournalMapping, JournalRow, Posting, TaxClassKey, TaxRate } from './journal-types';
import { firstNumber, firstText, valuesAt } from './values-at';

/** A decided document as the journal builder reads it. */
export interface JournalSource {
  documentId: number;
  code: string;
  moduleCode: string;
  data: Record<string, unknown>;
  /** The document's 決裁番号, else its 申請番号 (issue #36); the memo carries it beside the code. */
  number?: string | null;
}

/** What the builder asks of its caller (the server reads the organisation and the register). */
export interface JournalContext {
  /** The department's name (部門) by id; '' when unknown. */
  departmentName(id: number): string;
  /** Whether a registration number was valid on the date (a recorded check, docs/ACCOUNTING.md). */
  qualified(registrationNo: string, date: string): boolean;
  /**
   * The document's amounts as booked: the currency, a converter of its amounts to whole units of
   * it, and the document's total as booked when one is stored (the converted amount filing keeps).
   * One place: server/journals/booked-amounts.ts.
   */
  booking(source: JournalSource, facts: JournalFacts): { currency: string; amount(value: number): number; total?: number };
}

/** Why a decided document gives no journal (listed by the preview and the export). */
export type JournalProblem = 'unmapped' | 'noDate' | 'noAmount';

const rateClass = (side: JournalFacts['side'], rate: TaxRate): TaxClassKey =>
  rate === 'exempt' ? 'outside' : `${side === 'expense' ? 'purchase' : 'sales'}_${rate}` as TaxClassKey;
/** The consumption tax inside a tax-inclusive amount (rounded down, as the products compute it). */
const taxInside = (gross: number, rate: TaxRate) => (rate === '10' ? Math.floor((gross * 10) / 110) : rate === '8r' ? Math.floor((gross * 8) / 108) : 0);

/** The first real `YYYY-MM-DD` at the paths. */
function dateOf(data: unknown, paths: string[]): string | null {
  for (const path of paths) for (const value of valuesAt(data, path)) if (typeof value === 'string' && isValidDate(value)) return value;
  return null;
}

interface Part { amount: number; tax: number; rate: TaxRate; account: AccountRef; counterparty: string; registrationNo: string }

/**
 * One decided document → one balanced journal (issue 35 item 1), or the problem that stops it.
 * Expense modules debit the cost — per item of `lines` the expense account's mapping (else the
 * module's debit), split by the item's invoice breakdown into 10 % and reduced 8 % lines, the rest
 * at the module's default rate — and credit the total to the paying account (the bank account's
 * mapping, else the module's credit). Revenue modules mirror it. A purchase line's deduction
 * follows the supplier's registration on the transaction date (`invoiceDeduction`).
 */
export function buildJournal(source: JournalSource, facts: JournalFacts, mapping: JournalMapping, ctx: JournalContext): Journal | JournalProblem {
  const module = mapping.modules[source.moduleCode];
  const data = source.data;
  const date = dateOf(data, facts.date);
  if (!date) return 'noDate';
  const booking = ctx.booking(source, facts);
  const defaultRate: TaxRate = module?.tax_rate ?? '10';
  const departmentId = firstNumber(data, facts.department);
  const department = departmentId === null ? '' : ctx.departmentName(departmentId);
  const docCounterparty = firstText(data, facts.counterparty);
  const docRegistration = firstText(data, facts.registrationNo);
  const methodId = firstNumber(data, facts.paymentMethod);
  const method = (methodId !== null ? mapping.payment_methods?.[String(methodId)] : undefined)
    ?? (facts.side === 'expense' ? module?.credit : module?.debit);
  const fallbackAccount = facts.side === 'expense' ? module?.debit : module?.credit;

  const parts: Part[] = [];
  const items = facts.lines ? valuesAt(data, facts.lines.items).flatMap((v) => (Array.isArray(v) ? v : [v])) : [data];
  for (const item of items) {
    const lines = facts.lines;
    const raw = lines ? firstNumber(item, lines.amount) : firstNumber(data, facts.amount);
    const amount = raw === null ? 0 : booking.amount(raw);
    if (amount <= 0) continue;
    const accountId = lines?.account ? firstNumber(item, lines.account) : null;
    const account = (accountId !== null ? mapping.expense_accounts?.[String(accountId)] : undefined) ?? fallbackAccount;
    if (!account) return 'unmapped';
    const counterparty = (lines ? firstText(item, lines.counterparty) : '') || docCounterparty;
    // An item that names its own registration field answers for itself: another item's number is not its supplier's.
    const registrationNo = lines?.registrationNo ? firstText(item, lines.registrationNo) : docRegistration;
    const base = { account, counterparty, registrationNo };
    const split: Part[] = [];
    const tax = lines?.tax;
    for (const [rate, basePath, taxPath] of [['10', tax?.base10, tax?.tax10], ['8r', tax?.base8, tax?.tax8]] as const) {
      const net = firstNumber(item, basePath) ?? 0;
      const vat = firstNumber(item, taxPath) ?? 0;
      if (net + vat > 0) split.push({ ...base, rate, amount: booking.amount(net + vat), tax: booking.amount(vat) });
    }
    const broken = split.reduce((sum, p) => sum + p.amount, 0);
    // A breakdown larger than the item is not the item's: the whole item books at the default rate.
    if (broken > amount) split.length = 0;
    const rest = amount - split.reduce((sum, p) => sum + p.amount, 0);
    if (rest > 0) split.push({ ...base, rate: defaultRate, amount: rest, tax: taxInside(rest, defaultRate) });
    parts.push(...split);
  }
  if (parts.length === 0) return 'noAmount';
  // A stored converted total (exchange rates) is the document's amount as booked: the lines'
  // rounding residue goes to the largest line, so the journal adds up to it exactly.
  if (booking.total !== undefined) {
    const residue = booking.total - parts.reduce((sum, p) => sum + p.amount, 0);
    if (residue !== 0) parts.reduce((a, b) => (b.amount > a.amount ? b : a)).amount += residue;
  }
  if (!method) return 'unmapped';

  const total = parts.reduce((sum, p) => sum + p.amount, 0);
  const counterparty = docCounterparty || parts.find((p) => p.counterparty)?.counterparty || '';
  const lineSide = (p: Part): Posting => {
    const taxClass = rateClass(facts.side, p.rate);
    const purchase = taxClass === 'purchase_10' || taxClass === 'purchase_8r';
    return {
      account: p.account.account, subAccount: p.account.sub_account ?? '', department, counterparty: p.counterparty, taxClass,
      amount: p.amount, tax: p.tax,
      deduction: purchase ? invoiceDeduction(date, p.registrationNo !== '' && ctx.qualified(p.registrationNo, date)) : null,
    };
  };
  const other: Posting = {
    account: method.account, subAccount: method.sub_account ?? '', department, counterparty, taxClass: 'outside', amount: total, tax: 0, deduction: null,
  };
  const lines = parts.map(lineSide);
  const rows: JournalRow[] = lines.map((line, i) => (facts.side === 'expense'
    ? { debit: line, credit: i === 0 ? other : null }
    : { debit: i === 0 ? other : null, credit: line }));
  return {
    documentId: source.documentId, code: source.code, moduleCode: source.moduleCode, side: facts.side, date, currency: booking.currency, total,
    memo: [source.code, source.number, counterparty].filter(Boolean).join(' '), rows,
  };
}

/** Whether a journal's debits equal its credits (every journal the builder makes is). */
export function isBalanced(journal: Journal): boolean {
  const sum = (side: 'debit' | 'credit') => journal.rows.reduce((s, r) => s + (r[side]?.amount ?? 0), 0);
  return sum('debit') === sum('credit');
}
