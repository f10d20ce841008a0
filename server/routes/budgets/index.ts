import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { findModule, type DefinitionSet, type Lang } from '../../../src/engine';
import { draftFormData } from '../../definitions/draft-form-data';
import { BudgetCheckBody, BudgetCheckView, BudgetQuery, BudgetRow, BudgetSummary, BudgetSummaryQuery } from '../../../src/wire/budgets';
import type { Database } from '../../db/database';
import { assertFinanceScope } from '../../entities/finance-scope';
import { budgetCheck, budgetStandings, companyFiscalYear } from '../../budgets/budget-ledger';
import { errorResponseSchema, forbidden, notFound, validationFailed } from '../../lib/errors';
import { collectionSchema } from '../../lib/http-schemas';
import { localizedName } from '../../lib/localized-name';
import { collectionOf } from '../../lib/paging';
import { resolveExchange } from '../../exchange/document-exchange';
import { scopeCompany } from '../../workflow/core/eligibility';
import { companyScopeViolations, loadFiler } from '../../workflow/filing/filing-checks';
import { DocumentStatus } from '../../workflow/core/status';
import { doc } from '../route-schemas';
import { toApiDate } from '../../../src/engine';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;

/** The modules filing budget changes (`ui:module.entity.kind` = budget), from the definitions in force. */
const budgetModules = (definitions: DefinitionSet) => Object.values(definitions.modules)
  .filter((m) => m.kind === 'module' && m.meta.entity?.kind === 'budget').map((m) => m.code);

async function assertCompany(db: Kysely<Database>, companyId: number, t: (key: string, o?: Record<string, unknown>) => string) {
  if (!(await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst())) {
    throw notFound(t('server.errors.notFound', { what: t('server.entities.company') }));
  }
}

/** Department and expense-account names in the reader's language, by id. */
async function names(db: Kysely<Database>, lang: Lang, departmentIds: number[], accountIds: number[]) {
  const departments = departmentIds.length ? await db.selectFrom('departments').select(['id', localizedName(lang, 'departments').as('name')]).where('id', 'in', departmentIds).execute() : [];
  const accounts = accountIds.length ? await db.selectFrom('expense_accounts').select(['id', localizedName(lang, 'expense_accounts', 'name_jp').as('name')]).where('id', 'in', accountIds).execute() : [];
  return {
    department: (id: number) => departments.find((d) => d.id === id)?.name ?? '',
    account: (id: number) => accounts.find((a) => a.id === id)?.name ?? '',
  };
}

/**
 * Budgets (issue #36 item 4; docs/MODULES.md "Budgets"). The table and its summary are the
 * company's finance master data: read by its authorizer, finance and treasury and by group admins
 * (`assertFinanceScope`, as bank and expense accounts), and changed through approval by the budget
 * entity module (`POST /buffer/budget`, `/buffer/budget/{id}/edit`). What a form's data asks of
 * budgets is the requester's to see while filing (`POST /budgets/check`).
 */
const budgets: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: BudgetQuery }>('/budgets', {
    schema: {
      ...doc('The company\'s budgets of a fiscal year (default: the current one), per department × expense account, each with what documents '
        + 'hold of it — reserved (in flight), consumed (decided) — what remains, and a change waiting for approval. The company\'s authorizer, '
        + 'finance and treasury, and group admins; others 403.'),
      querystring: BudgetQuery,
      response: { 200: collectionSchema(BudgetRow), ...errors },
    },
  }, async (request) => {
    const { company_id: companyId, department_id: departmentId } = request.query;
    assertFinanceScope(request.user, companyId, request.t);
    await assertCompany(app.db, companyId, request.t);
    const fiscalYear = request.query.fiscal_year ?? await companyFiscalYear(app.db, companyId);
    let query = app.db.selectFrom('budgets').select('id').where('company_id', '=', companyId).where('fiscal_year', '=', fiscalYear);
    if (departmentId) query = query.where('department_id', '=', departmentId);
    const standings = await budgetStandings(app.db, (await query.execute()).map((r) => r.id));
    const named = await names(app.db, request.lang, standings.map((s) => s.department_id), standings.map((s) => s.expense_account_id));
    const codes = budgetModules(request.definitions);
    const pending = standings.length && codes.length ? await app.db.selectFrom('buffers').select(['id', 'code', 'target_id'])
      .where('module_code', 'in', codes).where('target_id', 'in', standings.map((s) => s.id)).where('status', '=', DocumentStatus.ON_PROCESS).execute() : [];
    const rows: BudgetRow[] = standings
      .map((s) => {
        const change = pending.find((p) => p.target_id === s.id);
        return { ...s, department_name: named.department(s.department_id), expense_account_name: named.account(s.expense_account_id), pending: change ? { id: change.id, code: change.code } : null };
      })
      .sort((a, b) => a.department_name.localeCompare(b.department_name) || a.expense_account_name.localeCompare(b.expense_account_name) || a.id - b.id);
    return collectionOf(rows);
  });

  app.get<{ Querystring: BudgetSummaryQuery }>('/budgets/summary', {
    schema: {
      ...doc('Budget against actual per department for a fiscal year (default: the current one): the budgets added up per department with '
        + 'what is reserved by documents in flight and consumed by decided ones, each department\'s budgets per expense account (`accounts`), '
        + 'and the company\'s total. Who: as `GET /budgets`.'),
      querystring: BudgetSummaryQuery,
      response: { 200: BudgetSummary, ...errors },
    },
  }, async (request): Promise<BudgetSummary> => {
    const companyId = request.query.company_id;
    assertFinanceScope(request.user, companyId, request.t);
    await assertCompany(app.db, companyId, request.t);
    const fiscalYear = request.query.fiscal_year ?? await companyFiscalYear(app.db, companyId);
    const ids = (await app.db.selectFrom('budgets').select('id').where('company_id', '=', companyId).where('fiscal_year', '=', fiscalYear).execute()).map((r) => r.id);
    const standings = await budgetStandings(app.db, ids);
    const named = await names(app.db, request.lang, standings.map((s) => s.department_id), standings.map((s) => s.expense_account_id));
    const zero = () => ({ amount: 0, reserved: 0, consumed: 0, remaining: 0 });
    const add = (into: ReturnType<typeof zero>, s: ReturnType<typeof zero>) => {
      for (const key of ['amount', 'reserved', 'consumed', 'remaining'] as const) into[key] = Math.round((into[key] + s[key]) * 100) / 100;
    };
    const byDepartment = new Map<number, ReturnType<typeof zero>>();
    const total = zero();
    for (const s of standings) {
      if (!byDepartment.has(s.department_id)) byDepartment.set(s.department_id, zero());
      add(byDepartment.get(s.department_id)!, s);
      add(total, s);
    }
    const accountsOf = (departmentId: number) => standings.filter((s) => s.department_id === departmentId)
      .map((s) => ({ budget_id: s.id, expense_account_id: s.expense_account_id, expense_account_name: named.account(s.expense_account_id), amount: s.amount, reserved: s.reserved, consumed: s.consumed, remaining: s.remaining }))
      .sort((a, b) => a.expense_account_name.localeCompare(b.expense_account_name) || a.budget_id - b.budget_id);
    const departments = [...byDepartment].map(([department_id, sums]) => ({ department_id, department_name: named.department(department_id), ...sums, accounts: accountsOf(department_id) }))
      .sort((a, b) => a.department_name.localeCompare(b.department_name) || a.department_id - b.department_id);
    return { company_id: companyId, fiscal_year: fiscalYear, departments, total };
  });

  app.post<{ Body: BudgetCheckBody }>('/budgets/check', {
    schema: {
      ...doc('What a document of `module_code` with the form\'s `data` would ask of budgets (the form shows it as the requester types): per budget '
        + 'of the document\'s company, fiscal year (today\'s), department and expense accounts (`ui:module.budget`), its standing, what the '
        + 'document asks and what would remain; `over` and the module\'s `policy` (warn, refuse, route). `buffer_id` names the requester\'s own '
        + 'document being edited: its reservation is not counted. A module without budgets answers `policy: null`. Only for what the '
        + 'requester may file: a company out of their scope is 422, as filing.'),
      body: BudgetCheckBody,
      response: { 200: BudgetCheckView, 422: errorResponseSchema, ...errors },
    },
  }, async (request): Promise<BudgetCheckView> => {
    const t = request.t;
    const module = findModule(request.definitions, request.body.module_code);
    if (!module || module.kind !== 'module') throw notFound(t('server.errors.notFound', { what: t('server.entities.module') }));
    const nothing: BudgetCheckView = { policy: null, fiscal_year: null, over: false, remaining: null, budgets: [] };
    if (!module.meta.budget) return nothing;
    const data = await draftFormData(app.db, module, request.body.data);
    const filer = await loadFiler(app.db, request.user.id);
    if (!filer) throw forbidden(t('server.integrity.companyScope'));
    const outOfScope = await companyScopeViolations(app.db, data, filer, t);
    if (outOfScope.length) throw validationFailed(outOfScope);
    const companyId = await scopeCompany(app.db, request.user.id, data.company_id);
    // An edit's own reservation is left out only for the document's requester (or its filer).
    const own = request.body.buffer_id ? await app.db.selectFrom('buffers').select('id').where('id', '=', request.body.buffer_id)
      .where((eb) => eb.or([eb('requester_id', '=', request.user.id), eb('filed_by', '=', request.user.id)])).executeTakeFirst() : undefined;
    const exchange = await resolveExchange(app.db, module, data, companyId, toApiDate(new Date())!);
    const check = await budgetCheck(app.db, module, data, companyId, { documentId: own?.id ?? null, exchange: exchange.kind === 'converted' ? exchange.exchange : null });
    if (!check) return { ...nothing, policy: module.meta.budget.over };
    const named = await names(app.db, request.lang, check.asks.map((a) => a.budget.department_id), check.asks.map((a) => a.budget.expense_account_id));
    return {
      policy: check.policy, fiscal_year: check.fiscal_year, over: check.over, remaining: check.remaining,
      budgets: check.asks.map(({ budget: b, requested, remaining_after }) => ({
        id: b.id, department_name: named.department(b.department_id), expense_account_name: named.account(b.expense_account_id),
        amount: b.amount, reserved: b.reserved, consumed: b.consumed, remaining: b.remaining, requested, remaining_after,
      })),
    };
  });
};

export default budgets;
