import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { writeApprovalLog } from './approval-log';
import { loadDocumentState } from './document-state';
import { BufferStatus } from './status';
import { refuseWithdraw } from './transitions';
import { illegalTransition, refusalError } from './workflow-error';
import type { WorkflowContext } from './workflow-context';
import { recordActor } from '../records/record-actor';

/** The requester withdraws a document on process before any step is done (status 10), in ONE transaction. */
export async function withdrawDocument(db: Kysely<Database>, bufferId: number, ctx: WorkflowContext) {
  return db.transaction().execute(async (trx) => {
    const doc = await loadDocumentState(trx, bufferId, true);
    if (!doc) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
    const refusal = refuseWithdraw(doc, ctx.userId);
    if (refusal) throw refusalError(refusal, ctx.t);
    await recordActor(trx, ctx.userId, 'withdraw');
    const result = await trx.updateTable('buffers').set({ status: BufferStatus.WITHDRAWN, updated_at: new Date() })
      .where('id', '=', doc.id).where('status', '=', BufferStatus.ON_PROCESS).executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
    await trx.updateTable('approvals').set({ active: false }).where('buffer_id', '=', doc.id).execute();
    await writeApprovalLog(trx, { bufferId: doc.id, userId: ctx.userId, action: 'withdraw' });
    return { id: doc.id, status: BufferStatus.WITHDRAWN };
  });
}
