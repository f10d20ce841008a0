import type { Kysely } from 'kysely';
import type { Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import { storeAnswer, type IdempotencyClaim } from '../core/idempotency';
import { illegalTransition } from '../core/workflow-error';

/**
 * What a step action may carry besides its body: the document's `updated_at` as the approver read
 * it (`expected_updated_at`, sent by a decision queued offline) and the request's idempotency
 * claim (its `Idempotency-Key`). Both are honoured inside the action's own transaction, under the
 * document's lock.
 */
export interface ReadVersion {
  expectedUpdatedAt?: string;
  claim?: IdempotencyClaim;
}

/**
 * Refuses (409 ILLEGAL_TRANSITION, "changed since you read it") when the document's `updated_at`
 * is no longer the one the approver read: an edit, another approver's decision or a send back
 * happened in between. Called under the document's lock, after the transition rules (a step that
 * is no longer the user's keeps its own 403/409).
 */
export async function refuseChangedSinceRead(trx: Kysely<Database>, documentId: number, expectedUpdatedAt: string | undefined, t: Translate): Promise<void> {
  if (expectedUpdatedAt === undefined) return;
  const { updated_at } = await trx.selectFrom('buffers').select('updated_at').where('id', '=', documentId).executeTakeFirstOrThrow();
  if (new Date(updated_at).getTime() !== new Date(expectedUpdatedAt).getTime()) throw illegalTransition(t('server.workflow.errors.changedSinceRead'));
}

/** Stores the action's answer under its idempotency claim, in the action's transaction (none without a key). */
export async function storeActionAnswer<T>(trx: Kysely<Database>, read: ReadVersion, answer: T): Promise<T> {
  if (read.claim) await storeAnswer(trx, read.claim, 200, answer);
  return answer;
}
