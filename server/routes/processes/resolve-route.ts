import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findModule, toApiDate, type CompiledModule, type Lang, type ResolvedStep, type Translate } from '../../../src/engine';
import { draftFormData } from '../../definitions/draft-form-data';
import { found } from '../../lib/found';
import { PICKER_COUNT_CAP } from '../../repositories/keyset-paginate';
import { errorResponseSchema, forbidden, validationFailed } from '../../lib/errors';
import { Value } from '@sinclair/typebox/value';
import { RESOLVE_CANDIDATES_PAGE, ResolveBody, ResolvedRoute, type RouteStep } from '../../../src/wire/routes';
import { approverCandidatePage, pickerScope } from '../../workflow/filing/approver-candidates';
import { scopeCompany, stepRulesOf } from '../../workflow/core/eligibility';
import { companyScopeViolations, loadFiler } from '../../workflow/filing/filing-checks';
import { blockedReason, resolveFilingRoute } from '../../workflow/filing/route-resolution';
import { filingPrincipal } from '../../workflow/filing/proxy-principal';
import { filingPost } from '../../workflow/filing/filing-post';
import { entityHandler } from '../../workflow/entity-changes/entity-handler';
import { exchangeRouteValues, resolveExchange } from '../../exchange/document-exchange';
import { budgetCheck, budgetRouteValues } from '../../budgets/budget-ledger';

const RESOLVE_DESCRIPTION = [
  'The steps that apply to a document of `module_code` with form values `data`, for the signed-in requester: each with its mode,',
  'approvers resolved from the organisation (locked unless `editable`) or `by: "choice"` (the requester picks among candidates),',
  'and `skipped` / `blocked` with a reason.',
  `A choice step that is neither skipped nor blocked lists in \`candidates\` the first ${RESOLVE_CANDIDATES_PAGE} users the eligibility rule allows`,
  '(never the requester unless the step allows it; the document\'s `company_id` scopes them as the picker\'s `companyId` does),',
  `in the picker's order and shape, and in \`candidates_total\` how many there are (counted up to ${PICKER_COUNT_CAP});`,
  'the full list is paged through `GET /users/approver?masterProcessId=<step id>` (with `companyId`, and `name` to narrow it).',
  'Other steps answer `candidates: []` and `candidates_total: 0`. 422 on a malformed body.',
  'It answers only for what the requester may file, refusing exactly as filing would: a `company_id` (the document\'s or an item\'s)',
  'of a company the requester may not file for (a client of a non-group company asking for a group company) is 422 with',
  '"You may not file a document for this company." at that path; an account filing cannot load is 403.',
  'An organisation or finance record (an entity module: user, budget, bank account, …) is not filed for a company: its `company_id`',
  'is the record\'s, and the caller must be allowed to request that kind of change for it (403 with the reason, as filing refuses it).',
  'With `filed_for` (代理申請) the route is the principal\'s (their organisation, their company scope, never them as their own approver):',
  'the caller must be allowed to file this module for them today (`/proxy_filers`), else 403 naming the principal, as filing refuses.',
  'With `filed_as_department_id` (兼務) the route resolves from that post of the requester (a department of theirs, `GET /posts/mine`):',
  'a department that is not one of their posts is 422 at `filed_as_department_id`, as filing refuses it.',
].join(' ');

/**
 * `POST /master_processes/resolve`: the route the signed-in user's document would follow with
 * these form values — the same `resolveRoute` filing uses (computed fields recomputed first), so
 * the process card shows what filing will do. A malformed body is 422; an unknown module 404.
 * It answers only for what the requester may file: the company scope filing checks
 * (`companyScopeViolations`) refuses here the same way (422 at the `company_id` path; 403 for an
 * account filing cannot load), and an entity module's own company rule (`EntityHandler.companyScope`)
 * as filing runs it, so nobody learns the post holders of a company they cannot file for, and the
 * route shown is the one filing resolves.
 */
export function registerResolveRoute(app: FastifyInstance): void {
  app.post<{ Body: unknown }>('/master_processes/resolve', {
    attachValidation: true,
    schema: {
      ...({ description: RESOLVE_DESCRIPTION } as object),
      body: ResolveBody,
      response: { 200: ResolvedRoute, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema },
    },
  }, async (request: FastifyRequest<{ Body: unknown }>) => {
    const definitions = request.definitions;
    const t = definitions.translate(request.lang);
    // The body is checked here (not by the schema's 400) to answer 422.
    if (!Value.Check(ResolveBody, request.body)) throw validationFailed([{ propertyPath: '', message: t('server.routes.resolveBody') }]);
    const module = found(findModule(definitions, request.body.module_code), t, 'module');
    if (module.kind !== 'module') found(null, t, 'module');
    const data = await draftFormData(app.db, module, request.body.data);
    // Whose document it would be: the caller's, or the principal's who allowed them (the server's check, not the form's).
    const requesterId = await filingPrincipal(app.db, module, request.body.filed_for, request.user.id, t);
    const filer = await loadFiler(app.db, requesterId);
    if (!filer) throw forbidden(t('server.integrity.companyScope'));
    // An entity's company is its own rule's (`EntityHandler.companyScope`, as filing checks it), not a company filed for.
    const entity = module.meta.entity ? entityHandler(module.meta.entity.kind) : null;
    if (entity) {
      if (entity.companyScope && Number.isInteger(data.company_id)) entity.companyScope(request.user, data.company_id as number, t);
    } else {
      const outOfScope = await companyScopeViolations(app.db, data, filer, t);
      if (outOfScope.length) throw validationFailed(outOfScope);
    }
    // 兼務: the post the document would be filed as (the requester's; 422 otherwise), its company for a form without one.
    const post = await filingPost(app.db, requesterId, request.body.filed_as_department_id, t);
    const companyId = !Number.isInteger(data.company_id) && post?.chosen ? post.company_id : await scopeCompany(app.db, requesterId, data.company_id);
    // The amount in the company's reporting currency at today's rate, as filing will compare it.
    const exchange = await resolveExchange(app.db, module, data, companyId, toApiDate(new Date())!);
    // And what it asks of budgets (`budget.remaining`, `budget.over`), as filing will read them.
    const budget = await budgetCheck(app.db, module, data, companyId, { exchange: exchange.kind === 'converted' ? exchange.exchange : null });
    const steps = await resolveFilingRoute(app.db, module, data, requesterId, companyId, { values: { ...exchangeRouteValues(exchange), ...budgetRouteValues(budget) }, post });
    const described = await describeSteps(app, module, steps, request.lang, t);
    const candidates = await choiceCandidates(app, module.code, steps, requesterId, post?.chosen && !Number.isInteger(data.company_id) ? companyId : data.company_id, request.lang);
    return { steps: described.map((step, i) => ({ ...step, ...candidates[i] })) };
  });
}

/**
 * Per step, the first page of the approver picker for a choice step the requester can fill (not
 * skipped, not blocked) — the same list `GET /users/approver?masterProcessId=` answers, with the
 * document's `company_id` as its `companyId` — and nothing for the others.
 */
async function choiceCandidates(app: FastifyInstance, moduleCode: string, steps: ResolvedStep[], userId: number, companyId: unknown, lang: Lang) {
  const none = { candidates: [], candidates_total: 0 };
  const open = steps.filter((s) => s.by === 'choice' && !s.skipped && !s.blocked);
  if (!open.length) return steps.map(() => none);
  const rules = new Map((await stepRulesOf(app.db, moduleCode)).map((r) => [r.id, r]));
  const scope = await pickerScope(app.db, userId, Number.isInteger(companyId) ? companyId as number : undefined);
  return Promise.all(steps.map(async (s) => {
    const step = open.includes(s) ? rules.get(s.id!) : undefined;
    if (!step || !scope) return none;
    const page = await approverCandidatePage(app.db, lang, { page: 1, itemsPerPage: RESOLVE_CANDIDATES_PAGE }, { step, scope });
    return { candidates: page['hydra:member'], candidates_total: page['hydra:totalItems'] };
  }));
}

/** The resolved steps as the API answers them: names in the reader's language, approvers with names, reasons translated. */
export async function describeSteps(app: FastifyInstance, module: CompiledModule, steps: ResolvedStep[], lang: Lang, t: Translate): Promise<Array<Omit<RouteStep, 'candidates' | 'candidates_total'>>> {
  const ids = [...new Set(steps.flatMap((s) => s.approvers))];
  const users = ids.length ? await app.db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  const nameOf = new Map(users.map((u) => [u.id, u.name]));
  return steps.map((s) => {
    const name = s.names[lang] || s.names.en;
    return {
      id: s.id!, code: s.code, name, mode: s.mode, required: s.required, quorum: s.quorum, optional: s.optional, circulation: s.circulation,
      by: s.by, editable: s.editable, approvers: s.approvers.map((id) => ({ id, name: nameOf.get(id) ?? '' })),
      skipped: s.skipped, skipped_reason: s.skipped ? t(s.skipped === 'requester' ? 'server.routes.skippedRequester' : 'server.routes.skippedVacant') : null,
      blocked: s.blocked, blocked_reason: s.blocked ? blockedReason(module, s, lang, t) : null,
    };
  });
}
