import type { FastifyInstance } from 'fastify';
import { findModule, followUpData } from '../../../src/engine';
import { IdParams } from '../../../src/wire/common';
import { FollowUpDataQuery, FollowUpStart, FollowUpsView } from '../../../src/wire/follow-ups';
import { errorResponseSchema, notFound } from '../../lib/errors';
import { followUpOrigin } from '../../follow-ups/follow-up-origin';
import { followUpsView, readableDocument } from '../../follow-ups/follow-up-view';
import { documentNotFound } from '../request-context';
import { doc } from '../route-schemas';
import { statisticsContext } from '../request-context';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;

/**
 * A document's follow-up documents (関連書類, issue #36 item 5; routes/follow-ups/README.md,
 * docs/MODULES.md "Follow-up documents"): its links and offers, and the data a follow-up starts
 * with. Who may follow up what is `followUpOrigin`, the rule filing applies to `follow_up_of`.
 */
export function registerFollowUpRoutes(app: FastifyInstance): void {
  app.get<{ Params: IdParams }>('/buffers/:id/follow_ups', {
    schema: {
      ...doc('A document\'s follow-up links: its origin (when it follows one up) with the difference of their amounts (follow-up − origin, '
        + 'rounded by the currency), its follow-ups (those the reader may open), and the follow-ups the reader may create now '
        + '(a completed document of theirs whose definition names a follow-up it does not have on process or completed). '
        + 'For whoever sees the document or has it in their Statistic scope; else 404.'),
      params: IdParams,
      response: { 200: FollowUpsView, ...errors },
    },
  }, async (request): Promise<FollowUpsView> => {
    const ctx = statisticsContext(request);
    if (!(await readableDocument(app.db, ctx, request.params.id))) throw documentNotFound(request);
    return followUpsView(app.db, ctx, request.params.id);
  });

  app.get<{ Params: IdParams; Querystring: FollowUpDataQuery }>('/buffers/:id/follow_up_data', {
    schema: {
      ...doc('The form data a follow-up of module `module` starts with: exactly the fields the origin\'s definition carries over '
        + '(`ui:module.followUps[].fields`) and its link naming the origin. File it with `follow_up_of` = the origin\'s id. '
        + '403 unless the reader sees the origin and is its requester; 422 when the origin is not completed or its definition '
        + 'does not name `module`; 409 when a follow-up of it is on process or completed; 404 for an unknown module.'),
      params: IdParams,
      querystring: FollowUpDataQuery,
      response: { 200: FollowUpStart, ...errors, 409: errorResponseSchema, 422: errorResponseSchema },
    },
  }, async (request): Promise<FollowUpStart> => {
    const t = request.definitions.translate(request.lang);
    const module = findModule(request.definitions, request.query.module);
    if (!module || module.kind !== 'module') throw notFound(t('engine.errors.unknownModule', { code: request.query.module }));
    const origin = await followUpOrigin(request.server.db, request.definitions, module, request.params.id, { actorId: request.user.id, requesterId: request.user.id }, t);
    return { module_code: module.code, origin: { id: origin.id, code: origin.code }, data: followUpData(origin.entry, origin.data, origin.id) };
  });
}
