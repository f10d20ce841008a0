import type { Kysely } from 'kysely';
import type { CompiledModule, Lang, Translate } from '../../src/engine';
import type { Database } from '../db/database';
import type { Violation } from '../lib/errors';
import { localizedName } from '../lib/localized-name';
import type { BudgetCheck } from './budget-ledger';

/** A number as the reader writes it (grouped, up to two decimals). */
export const formatAmount = (n: number, lang: Lang) => new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : lang === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 2 }).format(n);

/**
 * The refusal of a document over budget (`ui:module.budget.over: refuse`): at the field its
 * budget lines come from, naming the first budget it would overrun — department, expense account,
 * fiscal year, what is left and what the document asks.
 */
export async function overBudgetViolation(db: Kysely<Database>, module: CompiledModule, check: BudgetCheck, t: Translate, lang: Lang): Promise<Violation> {
  const ask = check.asks.find((a) => a.remaining_after < 0)!;
  const department = await db.selectFrom('departments').select(localizedName(lang, 'departments').as('name')).where('id', '=', ask.budget.department_id).executeTakeFirst();
  const account = await db.selectFrom('expense_accounts').select(localizedName(lang, 'expense_accounts', 'name_jp').as('name')).where('id', '=', ask.budget.expense_account_id).executeTakeFirst();
  const budget = module.meta.budget!;
  return {
    propertyPath: (budget.lines ?? budget.amount).split(/[.[]/)[0],
    message: t('server.budgets.over', {
      department: department?.name ?? '', account: account?.name ?? '', year: ask.budget.fiscal_year,
      remaining: formatAmount(Math.max(ask.budget.remaining, 0), lang), requested: formatAmount(ask.requested, lang),
    }),
  };
}
