import { notFound, validationFailed } from '../lib/errors';
import type { EntityHandler } from '../workflow/entity-changes/entity-handler';
import { illegalTransition } from '../workflow/core/workflow-error';
import { assertFinanceScope } from './finance-scope';

/** The expense account form's data (spec 001 §3 "Expense account"). */
interface ExpenseAccountData {
  company_id: number; module_type: string; name: string; name_jp: string; name_zh: string; is_transportation?: boolean;
}

const clean = (data: ExpenseAccountData) => ({
  name: data.name.trim(), name_jp: data.name_jp.trim(), name_zh: data.name_zh.trim(), is_transportation: data.is_transportation === true,
});

/**
 * Expense accounts (spec 001 §2, §7 `POST /buffer/expense-account` and its `/{id}/edit`,
 * `/{id}/delete`): created with a code of their own, edited, or retired when the request
 * completes. Requested by authorizer, finance or treasury of the account's company (a group
 * admin for any); an account keeps its company and its use (reimbursement or payment).
 */
export const expenseAccountEntity: EntityHandler = {
  kind: 'expense-account',

  companyScope(user, companyId, t) {
    assertFinanceScope(user, companyId, t);
  },

  async load(db, id) {
    const row = await db.selectFrom('expense_accounts').select(['company_id', 'module_type', 'name', 'name_jp', 'name_zh', 'is_transportation'])
      .where('id', '=', id).where('retired_at', 'is', null).executeTakeFirst();
    return row ?? null;
  },

  async authorize(db, request, user, t) {
    const data = request.data as unknown as ExpenseAccountData;
    let company = Number.isInteger(data.company_id) ? data.company_id : null;
    if (request.targetId !== null) {
      const current = await expenseAccountEntity.load(db, request.targetId);
      if (!current) throw notFound(t('server.errors.notFound', { what: t('server.entities.expenseAccount') }));
      assertFinanceScope(user, current.company_id as number, t);
      if (company !== null && company !== current.company_id) {
        throw validationFailed([{ propertyPath: 'company_id', message: t('server.finance.errors.companyFixed') }]);
      }
      if (data.module_type && data.module_type !== current.module_type) {
        throw validationFailed([{ propertyPath: 'module_type', message: t('server.finance.errors.moduleTypeFixed') }]);
      }
      company = current.company_id as number;
    }
    assertFinanceScope(user, company, t);
  },

  async apply(trx, change, ctx) {
    const data = change.data as unknown as ExpenseAccountData;
    if (change.operation === 'create') {
      const created = await trx.insertInto('expense_accounts')
        .values({ company_id: data.company_id, module_type: data.module_type, code: `tmp-${change.documentId}`, ...clean(data) })
        .returning('id').executeTakeFirstOrThrow();
      await trx.updateTable('expense_accounts').set({ code: `EA${String(created.id).padStart(5, '0')}` }).where('id', '=', created.id).execute();
      return created.id;
    }
    const id = change.targetId!;
    const live = await trx.selectFrom('expense_accounts').select('id').where('id', '=', id).where('retired_at', 'is', null).forUpdate().executeTakeFirst();
    if (!live) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
    if (change.operation === 'delete') await trx.updateTable('expense_accounts').set({ retired_at: new Date() }).where('id', '=', id).execute();
    else await trx.updateTable('expense_accounts').set(clean(data)).where('id', '=', id).execute();
    return id;
  },
};
