import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { writeApprovalLog } from '../core/approval-log';
import { loadDocumentState } from '../core/document-state';
import { DocumentStatus } from '../core/status';
import { refuseWithdraw } from '../core/transitions';
import { illegalTransition, refusalError } from '../core/workflow-error';
import type { WorkflowContext } from '../core/workflow-context';
import { recordActor } from '../../records/record-actor';
import { settleBudgets } from '../../budgets/budget-ledger';

/** The requester withdraws a document on process before any step is done (status 10), in ONE transaction. */
export async function withdrawDocument(db: Kysely<Database>, documentId: number, ctx: WorkflowContext) {
  return db.transaction().execute(async (trx) => {
    const doc = await loadDocumentState(trx, documentId, true);
    if (!doc) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
    const refusal = refuseWithdraw(doc, ctx.userId);
    if (refusal) throw refusalError(refusal, ctx.t);
    await recordActor(trx, ctx.userId, 'withdraw');
    const result = await trx.updateTable('buffers').set({ status: DocumentStatus.WITHDRAWN, updated_at: new Date() })
      .where('id', '=', doc.id).where('status', '=', DocumentStatus.ON_PROCESS).executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
    await trx.updateTable('approvals').set({ active: false }).where('buffer_id', '=', doc.id).execute();
    await settleBudgets(trx, doc.id, 'release').execute();
    await writeApprovalLog(trx, { documentId: doc.id, userId: ctx.userId, action: 'withdraw' });
    return { id: doc.id, status: DocumentStatus.WITHDRAWN };
  });
}
