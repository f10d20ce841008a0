import type { FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors';
import { canSeeBuffer } from './visibility';
import type { WorkflowContext } from './workflow-context';

/** The workflow context of a request: the user, language, a translator of every namespace, links. */
export async function workflowContext(request: FastifyRequest): Promise<WorkflowContext> {
  const { definitions } = request;
  return { userId: request.user.id, lang: request.lang, t: definitions.translate(request.lang), appUrl: request.server.config.appUrl, definitions };
}

/** 404 "document does not exist" (also for documents the user may not see: no existence leak). */
export function documentNotFound(request: FastifyRequest) {
  return notFound(request.t('server.errors.notFound', { what: request.t('server.workflow.entities.buffer') }));
}

/** Throws the 404 unless the user may see the document. */
export async function assertVisible(request: FastifyRequest, bufferId: number): Promise<void> {
  if (!(await canSeeBuffer(request.server.db, bufferId, request.user.id))) throw documentNotFound(request);
}

/** The document of an approval step the user may see, or the 404 (unknown or invisible step alike). */
export async function visibleStepBuffer(request: FastifyRequest, stepId: number): Promise<number> {
  const step = await request.server.db.selectFrom('approvals').select('buffer_id').where('id', '=', stepId).executeTakeFirst();
  if (!step || !(await canSeeBuffer(request.server.db, step.buffer_id, request.user.id))) {
    throw notFound(request.t('server.errors.notFound', { what: request.t('server.workflow.entities.approval') }));
  }
  return step.buffer_id;
}
