import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompiledModule, EntityOperation } from '../../../src/engine';
import { conflict, notFound } from '../../lib/errors';
import { applyEntityChange } from '../../workflow/apply-entity-change';
import { entityHandler } from '../../workflow/entity-handler';
import { idempotencyClaim, storeAnswer, storedAnswerAfterConflict } from '../../workflow/idempotency';
import { onDocumentFiled } from '../../workflow/on-document-filed';
import { refusePendingEntityChange } from '../../workflow/pending-entity-change';
import { BufferStatus } from '../../workflow/status';
import { prepareSubmission } from '../../workflow/submission-pipeline';
import { fileBuffer, type FiledBuffer } from './file-buffer';

/** The operation of an entity module's submission (`create` for `POST /buffer/{code}`). */
export interface EntityTarget {
  operation: EntityOperation;
  targetId: number | null;
}

/**
 * `POST /buffer/{code}` and an entity module's `/buffer/{code}/{id}/edit|delete`: the submission
 * pipeline (`workflow/submission-pipeline.ts`), then — for entity modules — the handler's
 * permission check, and filing in ONE transaction with the workflow log, mails, the idempotency
 * answer and (an entity document filed completed) the entity change. A request that lost an
 * idempotency race answers with the winner's stored answer.
 */
export async function submitDocument(
  app: FastifyInstance, request: FastifyRequest, module: CompiledModule,
  body: unknown, target: EntityTarget = { operation: 'create', targetId: null },
): Promise<FiledBuffer> {
  const { definitions } = request;
  const t = definitions.translate(request.lang);
  if (definitions.disabled.has(module.code)) throw conflict(t('server.studio.disabled', { code: module.code }));
  const entity = module.meta.entity;
  const handler = entity ? entityHandler(entity.kind) : null;
  if (entity && (!handler || !entity.operations.includes(target.operation))) {
    throw notFound(t('server.admin.errors.operationUnknown', { code: module.code, operation: target.operation }));
  }
  const prepared = await prepareSubmission(app.db, {
    definitions, module, payload: body, requesterId: request.user.id, actorId: request.user.id, t, lang: request.lang,
    // A delete files the entity as it is: only the approval fields are the requester's to get right.
    wrapperOnly: target.operation === 'delete',
    // An entity's company is the target's (the handler authorizes it), not a company filed for.
    companyScope: !entity,
  });
  const ctx = { userId: request.user.id, lang: request.lang, t, appUrl: app.config.appUrl, definitions };
  const { approvals: _approvals, ...formData } = prepared.data;
  if (handler) await handler.authorize(app.db, { ...target, data: formData }, request.user, t);
  const claim = idempotencyClaim(request);
  let filed: FiledBuffer;
  try {
    filed = await fileBuffer(app.db, module, prepared, request.user.id, async (trx, buffer) => {
      await onDocumentFiled(trx, buffer.id, ctx);
      if (entity && buffer.status === BufferStatus.COMPLETED) await applyEntityChange(trx, buffer.id, ctx);
      if (claim) await storeAnswer(trx, claim, 201, buffer);
    }, entity && {
      action: target.operation,
      targetId: target.targetId,
      beforeFiling: target.targetId === null ? undefined : (trx) => refusePendingEntityChange(trx, definitions, entity.kind, target.targetId!, t),
    });
  } catch (error) {
    const stored = await storedAnswerAfterConflict(request, error);
    if (stored) return stored as FiledBuffer;
    throw error;
  }
  app.mailer.kick();
  return filed;
}
