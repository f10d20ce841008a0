import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { writeApprovalLog } from '../core/approval-log';
import { loadDocumentState } from '../core/document-state';
import { mailDocumentEvent } from '../mail/notifications';
import { activeStep } from '../core/transitions';
import { mailStepWaiting } from '../people/deputies';
import type { WorkflowContext } from '../core/workflow-context';

/**
 * Runs inside the filing transaction of `POST /api/buffer/{code}`: logs the submission on the
 * timeline, mails the first step's approvers (unless `send_notification_first_approval` is
 * false, `notifyFirst`) and their deputies in effect, the forwarded finance users (`user_finances`) and the people it is
 * circulated to (`circulated`, as filing stored them).
 */
export async function onDocumentFiled(
  trx: Kysely<Database>, documentId: number, ctx: WorkflowContext, { notifyFirst, circulated }: { notifyFirst: boolean; circulated: number[] },
): Promise<void> {
  const doc = await loadDocumentState(trx, documentId);
  if (!doc) return;
  // A bypassed document's timeline says so instead of a plain submission.
  // Filed for someone (代理申請): "Submitted by <filer> on behalf of <principal>".
  const onBehalfOf = doc.requester_id !== ctx.userId ? doc.requester_id : null;
  await writeApprovalLog(trx, { documentId, userId: ctx.userId, action: doc.bypass ? 'bypass' : 'submit', onBehalfOf });
  if (doc.urgent) await writeApprovalLog(trx, { documentId, userId: ctx.userId, action: 'urgent' });
  const first = activeStep(doc);
  // The first step is the active pending one: its candidates' deputies came with the document.
  if (first && notifyFirst) await mailStepWaiting(trx, doc, first.candidates, ctx, first, 'approvalRequest', new Date(), first.deputies);
  await mailDocumentEvent(trx, 'forwarded', doc, doc.user_finances, ctx);
  await mailDocumentEvent(trx, 'circulated', doc, circulated, ctx);
}
