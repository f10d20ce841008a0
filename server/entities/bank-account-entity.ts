import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { notFound, validationFailed } from '../lib/errors';
import type { EntityHandler } from '../workflow/entity-changes/entity-handler';
import { illegalTransition } from '../workflow/core/workflow-error';
import { assertFinanceScope } from './finance-scope';

/** The bank account form's data (spec 001 §3 "Company bank account"). */
interface BankAccountData { company_id: number; bank_name: string; branch: string; number: string; type: string }

const clean = (data: BankAccountData) => ({
  company_id: data.company_id, bank_name: data.bank_name.trim(), branch: data.branch.trim(), number: data.number.trim(), type: data.type,
});

/** A live (not retired) account of the same company with the same bank, branch and number, other than `except`. */
async function duplicate(db: Kysely<Database>, data: BankAccountData, except: number | null) {
  const c = clean(data);
  return db.selectFrom('company_bank_accounts').select('id')
    .where('company_id', '=', c.company_id).where('retired_at', 'is', null)
    .where('bank_name', '=', c.bank_name).where('branch', '=', c.branch).where('number', '=', c.number)
    .$if(except !== null, (q) => q.where('id', '<>', except!))
    .executeTakeFirst();
}

/**
 * Company bank accounts (spec 001 §2, §7 `POST /buffer/company-bank-account` and its
 * `/{id}/edit`, `/{id}/delete`): created, edited or retired when the request completes.
 * Requested by authorizer, finance or treasury of the account's company (a group admin for any);
 * an account stays with its company; the same bank, branch and number twice in one company is refused.
 */
export const bankAccountEntity: EntityHandler = {
  kind: 'company-bank-account',

  companyScope(user, companyId, t) {
    assertFinanceScope(user, companyId, t);
  },

  async load(db, id) {
    const row = await db.selectFrom('company_bank_accounts').select(['company_id', 'bank_name', 'branch', 'number', 'type'])
      .where('id', '=', id).where('retired_at', 'is', null).executeTakeFirst();
    return row ?? null;
  },

  async authorize(db, request, user, t) {
    const data = request.data as unknown as BankAccountData;
    let company = Number.isInteger(data.company_id) ? data.company_id : null;
    if (request.targetId !== null) {
      const current = await bankAccountEntity.load(db, request.targetId);
      if (!current) throw notFound(t('server.errors.notFound', { what: t('server.entities.bankAccount') }));
      assertFinanceScope(user, current.company_id as number, t);
      if (company !== null && company !== current.company_id) {
        throw validationFailed([{ propertyPath: 'company_id', message: t('server.finance.errors.companyFixed') }]);
      }
      company = current.company_id as number;
    }
    assertFinanceScope(user, company, t);
    if (request.operation !== 'delete' && await duplicate(db, data, request.targetId)) {
      throw validationFailed([{ propertyPath: 'number', message: t('server.finance.errors.duplicateAccount') }]);
    }
  },

  async apply(trx, change, ctx) {
    const data = change.data as unknown as BankAccountData;
    if (change.operation === 'create') {
      if (await duplicate(trx, data, null)) throw illegalTransition(ctx.t('server.finance.errors.duplicateAccount'));
      return (await trx.insertInto('company_bank_accounts').values(clean(data)).returning('id').executeTakeFirstOrThrow()).id;
    }
    const id = change.targetId!;
    const live = await trx.selectFrom('company_bank_accounts').select('id').where('id', '=', id).where('retired_at', 'is', null).forUpdate().executeTakeFirst();
    if (!live) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
    if (change.operation === 'delete') {
      await trx.updateTable('company_bank_accounts').set({ retired_at: new Date() }).where('id', '=', id).execute();
    } else {
      if (await duplicate(trx, data, id)) throw illegalTransition(ctx.t('server.finance.errors.duplicateAccount'));
      const { company_id: _fixed, ...values } = clean(data);
      await trx.updateTable('company_bank_accounts').set(values).where('id', '=', id).execute();
    }
    return id;
  },
};
