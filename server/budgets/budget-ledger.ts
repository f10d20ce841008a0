import { sql, type Kysely, type QueryCreator } from 'kysely';
import { budgetLines, fiscalYearOf, localDate, type CompiledModule, type DocumentExchange, type FormData, type ModuleBudget } from '../../src/engine';
import type { Database } from '../db/database';
import { DEFAULT_TIME_ZONE } from '../repositories/calendar-repository';

/**
 * The budget ledger (issue #36 item 4, docs/MODULES.md "Budgets"). A budget's standing is its
 * amount less what documents hold of it (`budget_reservations`: reserved while in flight, consumed
 * once decided). Every write reads the standing under the budget row's lock (`for update`, in
 * budget id order so two documents never wait on each other crosswise), inside the filing or
 * deciding transaction: of two documents racing for the last of a budget the second reads what the
 * first reserved, so exactly one fits.
 */

/** One budget with what documents hold of it. Amounts in the company's reporting currency. */
export interface BudgetStanding {
  id: number;
  company_id: number;
  department_id: number;
  expense_account_id: number;
  fiscal_year: number;
  amount: number;
  reserved: number;
  consumed: number;
  remaining: number;
}

/** What a document asks of one budget. */
export interface BudgetAsk {
  budget: BudgetStanding;
  /** The document's amount on this budget. */
  requested: number;
  /** What would remain after it (negative: over). */
  remaining_after: number;
}

/** A document's budgets: what it asks of each budget that exists for its lines. */
export interface BudgetCheck {
  policy: ModuleBudget['over'];
  fiscal_year: number;
  asks: BudgetAsk[];
  /** Any budget would be over after this document. */
  over: boolean;
  /** The least that would remain on any of its budgets after it; null when it asks no budget. */
  remaining: number | null;
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);
const cents = (n: number) => Math.round(n * 100) / 100;

/** The fiscal year of the local day `day` (default: today in the company's time zone) at company `companyId`. */
export async function companyFiscalYear(db: Kysely<Database>, companyId: number, day?: string): Promise<number> {
  const company = await db.selectFrom('companies').leftJoin('company_calendars', 'company_calendars.company_id', 'companies.id')
    .select(['companies.fiscal_year_start', 'company_calendars.time_zone']).where('companies.id', '=', companyId).executeTakeFirst();
  return fiscalYearOf(day ?? localDate(new Date(), company?.time_zone ?? DEFAULT_TIME_ZONE), company?.fiscal_year_start ?? '01-01');
}

/**
 * The standings of budgets by id (what every document but `exceptDocument` holds of them), locked
 * for update when `lock` (inside a transaction).
 */
export async function budgetStandings(db: Kysely<Database>, ids: number[], options: { lock?: boolean; exceptDocument?: number | null } = {}): Promise<BudgetStanding[]> {
  if (!ids.length) return [];
  let rows = db.selectFrom('budgets').select(['id', 'company_id', 'department_id', 'expense_account_id', 'fiscal_year', 'amount'])
    .where('id', 'in', ids).orderBy('id');
  if (options.lock) rows = rows.forUpdate();
  const budgets = await rows.execute();
  let held = db.selectFrom('budget_reservations').select(['budget_id', 'state', sql<string>`sum(amount)`.as('total')])
    .where('budget_id', 'in', ids).groupBy(['budget_id', 'state']);
  if (options.exceptDocument) held = held.where('buffer_id', '!=', options.exceptDocument);
  const sums = await held.execute();
  const sum = (id: number, state: string) => num(sums.find((s) => s.budget_id === id && s.state === state)?.total);
  return budgets.map((b) => {
    const reserved = sum(b.id, 'reserved');
    const consumed = sum(b.id, 'consumed');
    const amount = num(b.amount);
    return { ...b, amount, reserved, consumed, remaining: cents(amount - reserved - consumed) };
  });
}

/** The check's route values: `budget.remaining`, `budget.over` (route-values.ts). */
export function budgetRouteValues(check: BudgetCheck | null): Record<string, unknown> {
  return { budget: { remaining: check?.remaining ?? null, over: check?.over ?? false } };
}

/**
 * What a document of `module` with computed `data` at company `companyId` asks of budgets, for
 * the document's day `day` (its fiscal year; default today): its lines (`budgetLines`), converted
 * at the document's rate when it has an exchange, matched to the budgets of that company, fiscal
 * year, department and expense account (a line without a budget asks nothing), read with what
 * every other document holds (`documentId`: this one's own reservation is not counted — an edit
 * moves it). Null when the module does not opt in.
 */
export async function budgetCheck(db: Kysely<Database>, module: CompiledModule, data: FormData, companyId: number | null, options: {
  day?: string; documentId?: number | null; lock?: boolean; exchange?: DocumentExchange | null;
} = {}): Promise<BudgetCheck | null> {
  const budget = module.meta.budget;
  if (!budget || companyId === null) return null;
  const fiscalYear = await companyFiscalYear(db, companyId, options.day);
  const rate = options.exchange?.rate ?? 1;
  const lines = budgetLines(budget, data).map((l) => ({ ...l, amount: cents(l.amount * rate) }));
  const empty: BudgetCheck = { policy: budget.over, fiscal_year: fiscalYear, asks: [], over: false, remaining: null };
  if (!lines.length) return empty;
  const found = await db.selectFrom('budgets').select(['id', 'department_id', 'expense_account_id'])
    .where('company_id', '=', companyId).where('fiscal_year', '=', fiscalYear)
    .where('department_id', '=', lines[0].department_id)
    .where('expense_account_id', 'in', lines.map((l) => l.expense_account_id)).execute();
  const standings = await budgetStandings(db, found.map((b) => b.id), { lock: options.lock, exceptDocument: options.documentId });
  const asks = standings.map((standing) => {
    const requested = lines.find((l) => l.expense_account_id === standing.expense_account_id)!.amount;
    return { budget: standing, requested, remaining_after: cents(standing.remaining - requested) };
  });
  if (!asks.length) return empty;
  return { ...empty, asks, over: asks.some((a) => a.remaining_after < 0), remaining: Math.min(...asks.map((a) => a.remaining_after)) };
}

/** Replaces what document `documentId` holds with the check's asks, as reserved (submit, edit); `fresh`: a document just filed, which holds nothing yet. */
export async function reserveBudgets(trx: Kysely<Database>, documentId: number, check: BudgetCheck | null, fresh = false): Promise<void> {
  // A new document has nothing reserved yet; an edit moves what it reserved.
  if (!fresh) await trx.deleteFrom('budget_reservations').where('buffer_id', '=', documentId).execute();
  if (!check?.asks.length) return;
  await trx.insertInto('budget_reservations')
    .values(check.asks.map((a) => ({ buffer_id: documentId, budget_id: a.budget.id, amount: a.requested, state: 'reserved' as const, updated_at: new Date() })))
    .execute();
}

/**
 * What document `documentId` reserved, settled as it ends: consumed (its final approval) or given
 * back (a rejection, a withdrawal). A statement, or a part of the statement that ends the document.
 */
export function settleBudgets(q: QueryCreator<Database>, documentId: number, outcome: 'consume' | 'release') {
  return outcome === 'consume'
    ? q.updateTable('budget_reservations').set({ state: 'consumed', updated_at: new Date() }).where('buffer_id', '=', documentId).where('state', '=', 'reserved')
    : q.deleteFrom('budget_reservations').where('buffer_id', '=', documentId).where('state', '=', 'reserved');
}
