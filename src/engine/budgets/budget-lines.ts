import type { FormData, ModuleBudget } from '../types';
import { firstNumber, valuesAt } from '../journals/values-at';

/** What one document asks of one budget: its department and expense account, and the amount. */
export interface BudgetLine {
  department_id: number;
  expense_account_id: number;
  amount: number;
}

const positiveId = (n: number | null): n is number => n !== null && Number.isInteger(n) && n > 0;

/**
 * The amounts a document asks of budgets, by its definition's `ui:module.budget` (issue #36 item 4,
 * docs/MODULES.md "Budgets"): the department at `department`; each line at `lines` (every item
 * the path walks; the document itself when absent) gives its expense account (`expenseAccount`)
 * and amount (`amount`), read from the line. Lines of one expense account are added up; a line
 * without a department, an expense account or a positive amount asks nothing. Amounts are the
 * document's own (the caller converts them when the document's currency is not the budget's).
 */
export function budgetLines(budget: ModuleBudget | undefined, data: FormData): BudgetLine[] {
  if (!budget) return [];
  const department = firstNumber(data, budget.department);
  if (!positiveId(department)) return [];
  const items = budget.lines ? valuesAt(data, budget.lines) : [data];
  const byAccount = new Map<number, number>();
  for (const item of items) {
    const account = firstNumber(item, budget.expenseAccount);
    const amount = firstNumber(item, budget.amount);
    if (!positiveId(account) || amount === null || !(amount > 0)) continue;
    byAccount.set(account, (byAccount.get(account) ?? 0) + amount);
  }
  return [...byAccount].map(([expense_account_id, amount]) => ({ department_id: department, expense_account_id, amount: Math.round(amount * 100) / 100 }));
}
