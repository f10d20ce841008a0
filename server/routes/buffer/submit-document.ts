import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompiledModule } from '../../../src/engine';
import { fileDocument, type EntityTarget } from '../../workflow/filing/filing';
import type { Filed } from '../../../src/wire/workflow';
import { storeAnswer } from '../../workflow/core/idempotency';
import { idempotencyClaim, storedAnswerAfterConflict } from '../idempotency-hooks';
import { workflowContext } from '../request-context';

/**
 * `POST /buffer/{code}` and an entity module's `/buffer/{code}/{id}/edit|delete`: files the
 * document (`workflow/filing/filing.ts`, one transaction) with the idempotency answer stored in that
 * same transaction. A request that lost an idempotency race answers with the winner's stored answer.
 */
export async function submitDocument(
  app: FastifyInstance, request: FastifyRequest, module: CompiledModule,
  body: unknown, target?: EntityTarget,
): Promise<Filed> {
  const claim = idempotencyClaim(request);
  let filed: Filed;
  try {
    filed = await fileDocument(app.db, {
      kind: 'new', module, payload: body, user: request.user, target,
      afterFiling: claim ? (trx, buffer) => storeAnswer(trx, claim, 201, buffer) : undefined,
    }, await workflowContext(request));
  } catch (error) {
    const stored = await storedAnswerAfterConflict(request, error);
    if (stored) return stored as Filed;
    throw error;
  }
  return filed;
}
