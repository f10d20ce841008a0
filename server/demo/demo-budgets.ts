import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { budgetStandings, companyFiscalYear } from '../budgets/budget-ledger';

/** The demo company whose departments get budgets. */
const BUDGET_COMPANY = 'RH';
/** Room enough that no demo document is refused while the demo month is filed. */
const OPEN_AMOUNT = 50_000_000;
/** The share of the tightened budget the demo's documents use. */
const USED_SHARE = 0.92;

/**
 * The demo's budgets (issue #36 item 4): one per department × expense account of Ringi Holdings for
 * the fiscal year of `today`, set before the demo month is filed so its documents reserve and
 * consume them as any filing does. Seed data, written directly (a live budget changes through
 * approval). Returns the ids.
 */
export async function seedDemoBudgets(db: Kysely<Database>, today?: Date): Promise<number[]> {
  const company = await db.selectFrom('companies').select('id').where('code', '=', BUDGET_COMPANY).executeTakeFirst();
  if (!company) return [];
  const fiscalYear = await companyFiscalYear(db, company.id, today ? today.toISOString().slice(0, 10) : undefined);
  const departments = await db.selectFrom('departments').select('id').where('company_id', '=', company.id).execute();
  const accounts = await db.selectFrom('expense_accounts').select('id').where('company_id', '=', company.id)
    .where('is_transportation', '=', false).where('retired_at', 'is', null).execute();
  const rows = departments.flatMap((d) => accounts.map((a) => ({
    company_id: company.id, department_id: d.id, expense_account_id: a.id, fiscal_year: fiscalYear, amount: OPEN_AMOUNT, updated_at: new Date(),
  })));
  if (!rows.length) return [];
  return (await db.insertInto('budgets').values(rows).onConflict((oc) => oc.doNothing()).returning('id').execute()).map((r) => r.id);
}

/**
 * After the demo month: the budget its documents hold most of is set just above what they hold
 * (about 92 % used), so the demo shows a budget nearly used up — its form warns or refuses a
 * document that would overrun it. Nothing when no document holds any budget.
 */
export async function tightenDemoBudget(db: Kysely<Database>, ids: number[]): Promise<void> {
  const held = (await budgetStandings(db, ids)).map((s) => ({ id: s.id, held: s.reserved + s.consumed })).filter((s) => s.held > 0);
  const most = held.sort((a, b) => b.held - a.held || a.id - b.id)[0];
  if (!most) return;
  const amount = Math.ceil(most.held / USED_SHARE / 1000) * 1000;
  await db.updateTable('budgets').set({ amount, updated_at: new Date() }).where('id', '=', most.id).execute();
}
