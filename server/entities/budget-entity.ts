import type { Kysely } from 'kysely';
import type { Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { budgetStandings } from '../budgets/budget-ledger';
import { formatAmount } from '../budgets/over-budget';
import { conflict, notFound, validationFailed, type Violation } from '../lib/errors';
import type { EntityHandler } from '../workflow/entity-changes/entity-handler';
import { illegalTransition } from '../workflow/core/workflow-error';
import { assertFinanceScope } from './finance-scope';

/** The budget form's data (the `budget` entity kind). */
interface BudgetData { company_id: number; department_id: number; expense_account_id: number; fiscal_year: number; amount: number }

const KEY = ['company_id', 'department_id', 'expense_account_id', 'fiscal_year'] as const;

/** The amount may not fall below what documents already hold of the budget (reserved and consumed). */
async function belowHeld(db: Kysely<Database>, id: number, amount: number, t: Translate): Promise<Violation | null> {
  const [standing] = await budgetStandings(db, [id]);
  const held = standing.reserved + standing.consumed;
  return amount < held ? { propertyPath: 'amount', message: t('server.budgets.belowHeld', { held: formatAmount(held, 'en') }) } : null;
}

/**
 * Budgets (issue #36 item 4, docs/MODULES.md "Budgets"): one per company × department × expense
 * account × fiscal year, created and re-set through approval like the company's other finance
 * master data (`POST /buffer/budget`, `/buffer/budget/{id}/edit`). Requested by the company's
 * authorizer, finance or treasury, or a group admin (`assertFinanceScope`). The department and the
 * expense account must be the company's; a budget's key is fixed once created (an edit changes the
 * amount); a second budget of the same key is refused (409), as is an amount below what documents
 * already hold of it (422) — checked at filing and again when the approval applies it.
 */
export const budgetEntity: EntityHandler = {
  kind: 'budget',

  companyScope(user, companyId, t) {
    assertFinanceScope(user, companyId, t);
  },

  async load(db, id) {
    const row = await db.selectFrom('budgets').select(['company_id', 'department_id', 'expense_account_id', 'fiscal_year', 'amount']).where('id', '=', id).executeTakeFirst();
    return row ? { ...row, amount: Number(row.amount) } : null;
  },

  async authorize(db, request, user, t) {
    const data = request.data as unknown as BudgetData;
    if (request.targetId !== null) {
      const current = await budgetEntity.load(db, request.targetId);
      if (!current) throw notFound(t('server.errors.notFound', { what: t('server.entities.budget') }));
      assertFinanceScope(user, current.company_id as number, t);
      const moved = KEY.filter((k) => data[k] !== undefined && data[k] !== null && data[k] !== current[k]);
      if (moved.length) throw validationFailed(moved.map((k) => ({ propertyPath: k, message: t('server.budgets.keyFixed') })));
      const low = await belowHeld(db, request.targetId, Number(data.amount), t);
      if (low) throw validationFailed([low]);
      return;
    }
    assertFinanceScope(user, data.company_id, t);
    const violations: Violation[] = [];
    const department = await db.selectFrom('departments').select('company_id').where('id', '=', data.department_id).executeTakeFirst();
    if (department?.company_id !== data.company_id) violations.push({ propertyPath: 'department_id', message: t('server.budgets.notOfCompany') });
    const account = await db.selectFrom('expense_accounts').select('company_id').where('id', '=', data.expense_account_id).where('retired_at', 'is', null).executeTakeFirst();
    if (account?.company_id !== data.company_id) violations.push({ propertyPath: 'expense_account_id', message: t('server.budgets.notOfCompany') });
    if (violations.length) throw validationFailed(violations);
    const existing = await db.selectFrom('budgets').select('id').where('company_id', '=', data.company_id).where('department_id', '=', data.department_id)
      .where('expense_account_id', '=', data.expense_account_id).where('fiscal_year', '=', data.fiscal_year).executeTakeFirst();
    if (existing) throw conflict(t('server.budgets.exists', { id: existing.id }));
  },

  async apply(trx, change, ctx) {
    const data = change.data as unknown as BudgetData;
    if (change.operation === 'create') {
      const created = await trx.insertInto('budgets').values({
        company_id: data.company_id, department_id: data.department_id, expense_account_id: data.expense_account_id, fiscal_year: data.fiscal_year,
        amount: data.amount, updated_by: change.requesterId, updated_at: new Date(),
      }).onConflict((oc) => oc.columns(['company_id', 'fiscal_year', 'department_id', 'expense_account_id']).doNothing()).returning('id').executeTakeFirst();
      // Another request for the same budget was approved first.
      if (!created) throw illegalTransition(ctx.t('server.budgets.exists', { id: '' }));
      return created.id;
    }
    const id = change.targetId!;
    const live = await trx.selectFrom('budgets').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!live) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
    // Documents filed while the request waited may hold more now: the approval cannot lower it below that.
    const low = await belowHeld(trx, id, Number(data.amount), ctx.t);
    if (low) throw illegalTransition(low.message);
    await trx.updateTable('budgets').set({ amount: data.amount, updated_by: change.requesterId, updated_at: new Date() }).where('id', '=', id).execute();
    return id;
  },
};
