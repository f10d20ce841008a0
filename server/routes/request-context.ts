import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../lib/errors';
import { mayUseArea, type StatisticArea } from '../statistics/access';
import type { StatisticsContext } from '../statistics/statistics-context';
import { canSeeDocument, visibleToOne } from '../workflow/core/visibility';
import type { WorkflowContext } from '../workflow/core/workflow-context';
import { stepNotFound } from '../workflow/core/workflow-error';

/**
 * What the routes hand to the domain: the context of a request (`(db, ctx)` calls of the
 * workflow, statistics and records), the hooks that guard an area, and the document 404s.
 * The domain never reads a Fastify request; this file is where a request becomes a context.
 */

/** The workflow context of a request: the user, language, a translator of every namespace, links. */
export async function workflowContext(request: FastifyRequest): Promise<WorkflowContext> {
  const { definitions } = request;
  const agent = request.headers['user-agent'];
  return {
    userId: request.user.id, lang: request.lang, t: definitions.translate(request.lang), appUrl: request.server.config.appUrl, definitions,
    origin: { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null },
    secretsKey: request.server.ssoSecretsKey,
  };
}

/** The statistics and records context of a request: the signed-in user, language, translator, definitions. */
export function statisticsContext(request: FastifyRequest): StatisticsContext {
  return { user: request.user, lang: request.lang, t: request.t, definitions: request.definitions, linkSecret: request.server.config.jwtSecret };
}

/** onRequest/preHandler hook: 403 unless the signed-in user may use the statistics area. */
export function requireArea(area: StatisticArea) {
  return async (request: FastifyRequest) => {
    if (!mayUseArea(request.user, area)) throw forbidden(request.t(area === 'stamp' ? 'server.statistics.stampForbidden' : 'server.statistics.forbidden'));
  };
}

/** 404 "document does not exist" (also for documents the user may not see: no existence leak). */
export function documentNotFound(request: FastifyRequest) {
  return notFound(request.t('server.errors.notFound', { what: request.t('server.workflow.entities.buffer') }));
}

/** Throws the 404 unless the user may see the document. */
export async function assertVisible(request: FastifyRequest, documentId: number): Promise<void> {
  if (!(await canSeeDocument(request.server.db, documentId, request.user.id))) throw documentNotFound(request);
}

/** The document of an approval step the user may see, or the 404 (unknown or invisible step alike). */
export async function visibleStepDocument(request: FastifyRequest, stepId: number): Promise<number> {
  // One read: the step, joined to its document under the visibility rule (each decision starts here).
  const step = await request.server.db.selectFrom('approvals').innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
    .select('approvals.buffer_id').where('approvals.id', '=', stepId).where(visibleToOne(request.user.id)).executeTakeFirst();
  if (!step) {
    throw stepNotFound(request.t);
  }
  return step.buffer_id;
}
