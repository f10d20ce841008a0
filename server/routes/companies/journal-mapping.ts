import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/wire/common';
import { findModule, type DefinitionSet } from '../../../src/engine';
import { JournalMappingBody, JournalMappingChecked, JournalMappingFiled, JournalMappingPut, JournalMappingView } from '../../../src/wire/journals';
import type { Database } from '../../db/database';
import { assertFinanceScope } from '../../entities/finance-scope';
import { companyMappingViolations, formOfMapping, journalMappingEntity } from '../../entities/journal-mapping-entity';
import { errorResponseSchema, notFound, validationFailed } from '../../lib/errors';
import { DocumentStatus } from '../../workflow/core/status';
import { savedApproversOf } from '../../workflow/filing/master-processes';
import { idempotencyHooks } from '../idempotency-hooks';
import { submitDocument } from '../buffer/submit-document';
import type { Kysely } from 'kysely';
import { PRODUCT_LISTS, taxClassNames, transitionalDefaults } from '../../journals/journal-lists';
import { journalModules, storedMapping } from '../../journals/journal-run';
import { doc } from '../route-schemas';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
const putErrors = { ...errors, 400: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema } as const;

/** The modules filing journal-mapping changes (`ui:module.entity.kind`), from the definitions in force. */
const mappingModules = (definitions: DefinitionSet) =>
  Object.values(definitions.modules).filter((m) => m.kind === 'module' && m.meta.entity?.kind === journalMappingEntity.kind && !definitions.disabled.has(m.code));

/** The change of the company's mapping still on process, or null. */
async function pendingChange(db: Kysely<Database>, definitions: DefinitionSet, companyId: number) {
  const codes = mappingModules(definitions).map((m) => m.code);
  if (!codes.length) return null;
  return (await db.selectFrom('buffers').select(['id', 'code']).where('module_code', 'in', codes).where('target_id', '=', companyId)
    .where('status', '=', DocumentStatus.ON_PROCESS).orderBy('id', 'desc').executeTakeFirst()) ?? null;
}

async function assertCompany(db: Kysely<Database>, companyId: number, t: (key: string, o?: Record<string, unknown>) => string) {
  if (!(await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst())) {
    throw notFound(t('server.errors.notFound', { what: t('server.entities.company') }));
  }
}

/**
 * A company's journal mapping (issue 35 item 1; docs/ACCOUNTING.md): which account each module,
 * expense account and bank account books to. Read by the company's authorizer, finance and
 * treasury and by group admins (as its finance master data).
 */
export function registerJournalMappingRoutes(app: FastifyInstance): void {
  app.get<{ Params: IdParams }>('/companies/:id/journal_mapping', {
    schema: {
      ...doc('The company\'s journal mapping in force (null before the first approved one), a change waiting for approval, the modules '
        + 'that book journals (from their definitions: `statistics.journal`) and the standard account and tax-class lists (弥生, '
        + 'MoneyForward) names are checked against. The company\'s authorizer, finance and treasury, and group admins.'),
      params: IdParams,
      response: { 200: JournalMappingView, ...errors },
    },
  }, async (request): Promise<JournalMappingView> => {
    const companyId = request.params.id;
    assertFinanceScope(request.user, companyId, request.t);
    await assertCompany(app.db, companyId, request.t);
    const mapping = await storedMapping(app.db, companyId);
    const modules = [...journalModules(request.definitions)].map(([code, facts]) => ({ code, side: facts.side, expense_accounts: Boolean(facts.lines?.account) }));
    const list = (name: 'yayoi' | 'moneyforward') => ({ accounts: PRODUCT_LISTS[name].accounts ?? [], tax_classes: taxClassNames(PRODUCT_LISTS[name]), transitional: transitionalDefaults(name) });
    return { company_id: companyId, mapping: mapping as JournalMappingView['mapping'], pending: await pendingChange(app.db, request.definitions, companyId), modules, lists: { yayoi: list('yayoi'), moneyforward: list('moneyforward') } };
  });

  app.post<{ Params: IdParams; Body: JournalMappingBody }>('/companies/:id/journal_mapping/check', {
    schema: {
      ...doc('Checks a journal mapping without filing anything (the mapping screen calls it before it opens the change request\'s '
        + 'form): the same checks as `PUT` — every account and tax-class name against the chosen standard list, module codes against '
        + 'the modules that book journals, expense-account and bank-account ids against the company\'s. Fine → 200 `{ "ok": true }`; '
        + 'a problem → 422 with `violations[].propertyPath` naming the field (`modules.payment.debit.account`). The company\'s '
        + 'authorizer, finance and treasury, and group admins.'),
      params: IdParams,
      body: JournalMappingBody,
      response: { 200: JournalMappingChecked, ...errors, 400: errorResponseSchema, 422: errorResponseSchema },
    },
  }, async (request): Promise<JournalMappingChecked> => {
    const companyId = request.params.id;
    assertFinanceScope(request.user, companyId, request.t);
    await assertCompany(app.db, companyId, request.t);
    const violations = await companyMappingViolations(app.db, request.definitions, companyId, request.body, request.t);
    if (violations.length) throw validationFailed(violations);
    return { ok: true };
  });

  app.put<{ Params: IdParams; Body: JournalMappingPut }>('/companies/:id/journal_mapping', {
    ...idempotencyHooks,
    schema: {
      ...doc('Requests a change of the company\'s journal mapping through approval (the journal-mapping entity module, like the company\'s '
        + 'other finance master data): every account and tax-class name is checked against the chosen standard list, module codes '
        + 'against the modules that book journals, expense-account and bank-account ids against the company\'s — a problem answers '
        + '422 naming the field (`modules.payment.debit.account`) and files nothing. Answers the filed request (201); the mapping '
        + 'changes when its approval completes. `approvals` names the approvers of the module\'s steps as every filing does (default: the '
        + 'requester\'s saved approvers of the module; none named where a step needs one → 422 at `approvals`). Another change still on process → 409. The company\'s authorizer, finance and '
        + 'treasury, and group admins.'),
      params: IdParams,
      body: JournalMappingPut,
      response: { 201: JournalMappingFiled, ...putErrors },
    },
  }, async (request, reply) => {
    const companyId = request.params.id;
    assertFinanceScope(request.user, companyId, request.t);
    await assertCompany(app.db, companyId, request.t);
    const { approvals, save_approvers: saveApprovers, ...mapping } = request.body;
    const violations = await companyMappingViolations(app.db, request.definitions, companyId, mapping, request.t);
    if (violations.length) throw validationFailed(violations);
    const module = mappingModules(request.definitions)[0] ?? null;
    const found = module ? findModule(request.definitions, module.code) : null;
    if (!found) throw notFound(request.t('server.admin.errors.operationUnknown', { code: journalMappingEntity.kind, operation: 'edit' }));
    const current = await journalMappingEntity.load(app.db, companyId);
    const named = approvals ?? (await savedApproversOf(app.db, request.user.id, found.code, request.lang))
      .map((a) => ({ master_process_id: a.master_process_id, approver_id: a.approver.id }));
    const body = { ...formOfMapping(companyId, mapping), approvals: named, save_approvers: saveApprovers === true, send_notification_first_approval: true };
    const filed = await submitDocument(app, request, found, body, { operation: 'edit', targetId: companyId, current: current ?? undefined });
    return reply.code(201).send({ id: filed.id, code: filed.code });
  });
}
