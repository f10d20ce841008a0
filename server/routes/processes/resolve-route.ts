import type { FastifyInstance, FastifyRequest } from 'fastify';
import { computeFormData, findModule, type CompiledModule, type Lang, type ResolvedStep, type Translate } from '../../../src/engine';
import { found } from '../../lib/found';
import { PICKER_COUNT_CAP } from '../../repositories/keyset-paginate';
import { errorResponseSchema, forbidden, validationFailed } from '../../lib/errors';
import { Value } from '@sinclair/typebox/value';
import { RESOLVE_CANDIDATES_PAGE, ResolveBody, ResolvedRoute, type RouteStep } from '../../../src/wire/routes';
import { approverCandidatePage, pickerScope } from '../../workflow/approver-candidates';
import { scopeCompany, stepRulesOf } from '../../workflow/eligibility';
import { companyScopeViolations, loadFiler } from '../../workflow/filing-checks';
import { blockedReason, resolveFilingRoute } from '../../workflow/route-resolution';

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
].join(' ');

/**
 * `POST /master_processes/resolve`: the route the signed-in user's document would follow with
 * these form values — the same `resolveRoute` filing uses (computed fields recomputed first), so
 * the process card shows what filing will do. A malformed body is 422; an unknown module 404.
 * It answers only for what the requester may file: the company scope filing checks
 * (`companyScopeViolations`) refuses here the same way (422 at the `company_id` path; 403 for an
 * account filing cannot load), so nobody learns the post holders of a company they cannot file for.
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
    const currencies = await app.db.selectFrom('currencies').select(['id', 'code']).execute();
    let data: Record<string, unknown>;
    try {
      data = computeFormData(module, request.body.data, { currencies });
    } catch {
      data = request.body.data;
    }
    const filer = await loadFiler(app.db, request.user.id);
    if (!filer) throw forbidden(t('server.integrity.companyScope'));
    const outOfScope = await companyScopeViolations(app.db, data, filer, t);
    if (outOfScope.length) throw validationFailed(outOfScope);
    const companyId = await scopeCompany(app.db, request.user.id, data.company_id);
    const steps = await resolveFilingRoute(app.db, module, data, request.user.id, companyId);
    const described = await describeSteps(app, module, steps, request.lang, t);
    const candidates = await choiceCandidates(app, module.code, steps, request.user.id, data.company_id, request.lang);
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
