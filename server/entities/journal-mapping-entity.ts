import type { Kysely } from 'kysely';
import type { AccountRef, DefinitionSet, JournalMapping, Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { notFound, validationFailed, type Violation } from '../lib/errors';
import { mappingViolations } from '../journals/journal-lists';
import { journalModules, storedMapping } from '../journals/journal-run';
import type { EntityHandler } from '../workflow/entity-changes/entity-handler';
import { illegalTransition } from '../workflow/core/workflow-error';
import { assertFinanceScope } from './finance-scope';

/** The journal-mapping form's data (the `journal-mapping` entity kind): the mapping as rows a form can show. */
export interface JournalMappingForm {
  company_id: number;
  list: 'yayoi' | 'moneyforward';
  modules: Array<{ module_code: string; debit_account?: string | null; debit_sub_account?: string | null; credit_account?: string | null; credit_sub_account?: string | null; tax_rate?: '10' | '8r' | 'exempt' | null }>;
  expense_accounts: Array<{ expense_account_id: number; account: string; sub_account?: string | null }>;
  payment_methods: Array<{ bank_account_id: number; account: string; sub_account?: string | null }>;
  /** A tax class key (`purchase_10` …) or a transitional deduction's (`purchase_10@70`, `invoice@70`: TRANSITIONAL_NAME_KEYS). */
  tax_classes: Array<{ key: string; name: string }>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const ref = (account: unknown, sub: unknown): AccountRef | undefined => {
  if (!text(account)) return undefined;
  return text(sub) ? { account: text(account), sub_account: text(sub) } : { account: text(account) };
};
const rows = <T>(value: unknown): T[] => (Array.isArray(value) ? value as T[] : []);

/** The form's rows as the mapping the journals read (`JournalMapping`, `journal_mappings.mapping`). */
export function mappingOfForm(data: Record<string, unknown>): JournalMapping {
  const form = data as unknown as JournalMappingForm;
  const mapping: JournalMapping = { list: form.list === 'moneyforward' ? 'moneyforward' : 'yayoi', modules: {} };
  for (const row of rows<JournalMappingForm['modules'][number]>(form.modules)) {
    const debit = ref(row.debit_account, row.debit_sub_account);
    const credit = ref(row.credit_account, row.credit_sub_account);
    mapping.modules[text(row.module_code)] = { ...(debit ? { debit } : {}), ...(credit ? { credit } : {}), ...(row.tax_rate ? { tax_rate: row.tax_rate } : {}) };
  }
  const byId = <R>(list: R[], id: (r: R) => unknown, r: (r: R) => AccountRef | undefined) =>
    Object.fromEntries(list.flatMap((row) => { const value = r(row); return value ? [[String(id(row)), value]] : []; }));
  const expense = byId(rows<JournalMappingForm['expense_accounts'][number]>(form.expense_accounts), (r) => r.expense_account_id, (r) => ref(r.account, r.sub_account));
  const payment = byId(rows<JournalMappingForm['payment_methods'][number]>(form.payment_methods), (r) => r.bank_account_id, (r) => ref(r.account, r.sub_account));
  if (Object.keys(expense).length) mapping.expense_accounts = expense;
  if (Object.keys(payment).length) mapping.payment_methods = payment;
  const taxes = Object.fromEntries(rows<JournalMappingForm['tax_classes'][number]>(form.tax_classes).filter((r) => r.key && text(r.name)).map((r) => [r.key, text(r.name)]));
  if (Object.keys(taxes).length) mapping.tax_classes = taxes;
  return mapping;
}

/** A mapping as the form's rows (the request a `PUT /companies/{id}/journal_mapping` files; an edit's "now"). */
export function formOfMapping(companyId: number, mapping: JournalMapping | null): JournalMappingForm {
  const m = mapping ?? { list: 'yayoi', modules: {} };
  return {
    company_id: companyId,
    list: m.list,
    modules: Object.entries(m.modules ?? {}).map(([module_code, e]) => ({
      module_code, debit_account: e.debit?.account ?? null, debit_sub_account: e.debit?.sub_account ?? null,
      credit_account: e.credit?.account ?? null, credit_sub_account: e.credit?.sub_account ?? null, tax_rate: e.tax_rate ?? null,
    })),
    expense_accounts: Object.entries(m.expense_accounts ?? {}).map(([id, r]) => ({ expense_account_id: Number(id), account: r.account, sub_account: r.sub_account ?? null })),
    payment_methods: Object.entries(m.payment_methods ?? {}).map(([id, r]) => ({ bank_account_id: Number(id), account: r.account, sub_account: r.sub_account ?? null })),
    tax_classes: Object.entries(m.tax_classes ?? {}).map(([key, name]) => ({ key, name: name as string })),
  };
}

/**
 * A mapping's problems for company `companyId` (`mappingViolations` with the company's expense
 * accounts and bank accounts and the modules whose definitions book journals). Paths name the
 * mapping's field (`modules.payment.debit.account`, `expense_accounts.12.account`).
 */
export async function companyMappingViolations(db: Kysely<Database>, definitions: DefinitionSet, companyId: number, mapping: JournalMapping, t: Translate): Promise<Violation[]> {
  const expenseAccountIds = (await db.selectFrom('expense_accounts').select('id').where('company_id', '=', companyId).execute()).map((r) => r.id);
  const bankAccountIds = (await db.selectFrom('company_bank_accounts').select('id').where('company_id', '=', companyId).execute()).map((r) => r.id);
  return mappingViolations(mapping, t, { moduleCodes: [...journalModules(definitions).keys()], expenseAccountIds, bankAccountIds });
}

/**
 * A company's journal mapping (issue 35 item 1, docs/ACCOUNTING.md) changed through approval
 * like its other finance master data: the entity is the company (edit only). Requested by the
 * company's authorizer, finance or treasury, or a group admin (`assertFinanceScope`, as bank
 * and expense accounts); every name is checked against the chosen standard list at filing
 * (422, nothing filed) and the approval stores it (`journal_mappings`).
 */
export const journalMappingEntity: EntityHandler = {
  kind: 'journal-mapping',

  companyScope(user, companyId, t) {
    assertFinanceScope(user, companyId, t);
  },

  async load(db, id) {
    if (!(await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst())) return null;
    return formOfMapping(id, await storedMapping(db, id)) as unknown as Record<string, unknown>;
  },

  async authorize(db, request, user, t, definitions) {
    const companyId = request.targetId!;
    if (!(await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst())) {
      throw notFound(t('server.errors.notFound', { what: t('server.entities.company') }));
    }
    assertFinanceScope(user, companyId, t);
    const violations: Violation[] = request.data.company_id !== companyId ? [{ propertyPath: 'company_id', message: t('server.finance.errors.companyFixed') }] : [];
    violations.push(...await companyMappingViolations(db, definitions, companyId, mappingOfForm(request.data), t));
    if (violations.length) throw validationFailed(violations);
  },

  async apply(trx, change, ctx) {
    const companyId = change.targetId!;
    const company = await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirst();
    if (!company) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
    const mapping = JSON.stringify(mappingOfForm(change.data));
    await trx.insertInto('journal_mappings').values({ company_id: companyId, mapping, updated_by: change.requesterId, updated_at: new Date() })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ mapping, updated_by: change.requesterId, updated_at: new Date() })).execute();
    return companyId;
  },
};
