import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { writeApprovalLog } from './approval-log';
import { loadDocumentState } from './document-state';
import { mailDocumentEvent } from './notifications';
import { activeStep } from './transitions';
import { mailStepWaiting } from './deputies';
import type { WorkflowContext } from './workflow-context';

/**
 * Runs inside the filing transaction of `POST /api/buffer/{code}`: logs the submission on the
 * timeline, mails the first step's approvers (unless `send_notification_first_approval` is
 * false) and their deputies in effect, the forwarded finance users (`user_finances`) and the people it is circulated to.
 */
export async function onDocumentFiled(trx: Kysely<Database>, bufferId: number, ctx: WorkflowContext): Promise<void> {
  const doc = await loadDocumentState(trx, bufferId);
  if (!doc) return;
  // A bypassed document's timeline says so instead of a plain submission.
  await writeApprovalLog(trx, { bufferId, userId: ctx.userId, action: doc.bypass ? 'bypass' : 'submit' });
  if (doc.urgent) await writeApprovalLog(trx, { bufferId, userId: ctx.userId, action: 'urgent' });
  const notifyFirst = await trx.selectFrom('buffers').select('send_notification_first_approval').where('id', '=', bufferId).executeTakeFirstOrThrow();
  const first = activeStep(doc);
  if (first && notifyFirst.send_notification_first_approval) {
    await mailStepWaiting(trx, doc, first.candidates, ctx, first.id);
  }
  await mailDocumentEvent(trx, 'forwarded', doc, doc.user_finances, ctx);
  const circulated = await trx.selectFrom('circulations').select('user_id').where('buffer_id', '=', bufferId).execute();
  await mailDocumentEvent(trx, 'circulated', doc, circulated.map((c) => c.user_id), ctx);
}
