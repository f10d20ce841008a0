import type { FastifyInstance, FastifyRequest } from 'fastify';
import { computeFormData, findModule, type CompiledModule, type Lang, type ResolvedStep, type Translate } from '../../../src/engine';
import { found } from '../../lib/found';
import { errorResponseSchema, validationFailed } from '../../lib/errors';
import { Value } from '@sinclair/typebox/value';
import { ResolveBody, ResolvedRoute, type RouteStep } from '../../../src/wire/routes';
import { scopeCompany } from '../../workflow/eligibility';
import { blockedReason, resolveFilingRoute } from '../../workflow/route-resolution';

/**
 * `POST /master_processes/resolve`: the route the signed-in user's document would follow with
 * these form values — the same `resolveRoute` filing uses (computed fields recomputed first), so
 * the process card shows what filing will do. A malformed body is 422; an unknown module 404.
 */
export function registerResolveRoute(app: FastifyInstance): void {
  app.post<{ Body: unknown }>('/master_processes/resolve', {
    attachValidation: true,
    schema: {
      ...({ description: 'The steps that apply to a document of `module_code` with form values `data`, for the signed-in requester: each with its mode, approvers resolved from the organisation (locked unless `editable`) or `by: "choice"` (the requester picks candidates), and `skipped` / `blocked` with a reason. 422 on a malformed body.' } as object),
      body: ResolveBody,
      response: { 200: ResolvedRoute, 401: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema },
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
    const companyId = await scopeCompany(app.db, request.user.id, data.company_id);
    const steps = await resolveFilingRoute(app.db, module, data, request.user.id, companyId);
    return { steps: await describeSteps(app, module, steps, request.lang, t) };
  });
}

/** The resolved steps as the API answers them: names in the reader's language, approvers with names, reasons translated. */
export async function describeSteps(app: FastifyInstance, module: CompiledModule, steps: ResolvedStep[], lang: Lang, t: Translate): Promise<RouteStep[]> {
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
