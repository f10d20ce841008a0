import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { validationFailed } from '../../lib/errors';
import { recordActor } from '../../records/record-actor';
import { writeApprovalLog } from '../core/approval-log';
import { loadDocumentState, requesterRecipients } from '../core/document-state';
import { mailDocumentEvent } from '../mail/notifications';
import { DocumentStatus, StepStatus } from '../core/status';
import { actingFor, refuseResubmit, refuseSendBack, type SendBackTarget } from '../core/transitions';
import { mailStepWaiting } from '../people/deputies';
import { illegalTransition, refusalError } from '../core/workflow-error';
import type { WorkflowContext } from '../core/workflow-context';
import type { StepActionResult } from '../../../src/wire/workflow';
import { refuseChangedSinceRead, storeActionAnswer, type ReadVersion } from './read-version';

/** What a send back answers: the step acted on, the document, and the step now active (null: with the requester). */
export type SendBackResult = Required<StepActionResult>;

/**
 * Reads `back_to` of `POST /approvals/{id}/action`: a step id or `"requester"`, and only with
 * `approve: false` (a send back is a refusal of this step, not an approval). 422 otherwise.
 */
export function readSendBackTarget(body: { approve: boolean | null; back_to?: unknown }, t: WorkflowContext['t']): SendBackTarget {
  const target = body.back_to;
  if (body.approve !== false) {
    throw validationFailed([{ propertyPath: 'approve', message: t('server.workflow.errors.sendBackApprove') }]);
  }
  if (target === 'requester' || (typeof target === 'number' && Number.isInteger(target) && target > 0)) return target;
  throw validationFailed([{ propertyPath: 'back_to', message: t('server.workflow.errors.sendBackTarget') }]);
}

/**
 * Sends the document back from its active step `stepId` in ONE transaction (README.md
 * "Transitions"):
 * - to an earlier approved step: that step is pending and active again and every step from it to
 *   the current one starts over (approver, date and 合議 decisions cleared); its approvers decide
 *   again and are mailed;
 * - to the requester: every step is pending and inactive again (skipped steps stay skipped), the
 *   document stays on process "with the requester", who may edit it (editable modules), resubmit
 *   it (`POST /buffer/{id}/resubmit`) or withdraw it; the requester is mailed.
 * The timeline records it: on the target step ("Sent back to this step by …") or on the document
 * ("Sent back to the requester by …"); its `detail.step_id` names the step that sent it back (the
 * printed 稟議書 stamps it there).
 */
export async function sendBack(db: Kysely<Database>, documentId: number, stepId: number, target: SendBackTarget, ctx: WorkflowContext, read: ReadVersion = {}): Promise<SendBackResult> {
  return db.transaction().execute(async (trx) => storeActionAnswer(trx, read, await sendBackIn(trx)));
  async function sendBackIn(trx: Kysely<Database>): Promise<SendBackResult> {
    const doc = await loadDocumentState(trx, documentId, true);
    if (!doc) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
    const refusal = refuseSendBack(doc, stepId, ctx.userId, target);
    if (refusal === 'badTarget') throw validationFailed([{ propertyPath: 'back_to', message: ctx.t('server.workflow.errors.sendBackTarget') }]);
    if (refusal) throw refusalError(refusal, ctx.t);
    await refuseChangedSinceRead(trx, doc.id, read.expectedUpdatedAt, ctx.t);
    const current = doc.steps.find((s) => s.id === stepId)!;
    // A deputy sends back for the principal: the log keeps both.
    const onBehalfOf = actingFor(current, ctx.userId) ?? null;
    await recordActor(trx, ctx.userId, 'send_back', onBehalfOf);
    const moved = await trx.updateTable('approvals').set({ active: false })
      .where('id', '=', current.id).where('active', '=', true).where('status', '=', StepStatus.PENDING)
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw illegalTransition(ctx.t('server.workflow.errors.stepNotActive'));
    const from = target === 'requester' ? -Infinity : doc.steps.find((s) => s.id === target)!.position;
    // The steps that start over: every approved step from the target on, and the current one.
    const reset = doc.steps.filter((s) => s.position >= from && s.position <= current.position && s.status !== StepStatus.SKIPPED).map((s) => s.id);
    await trx.updateTable('approvals').set({ status: StepStatus.PENDING, active: false, approver_id: null, on_behalf_of: null, approved_at: null })
      .where('id', 'in', reset).execute();
    await trx.updateTable('approval_candidates').set({ decision: null, decided_at: null, decided_by: null }).where('approval_id', 'in', reset).execute();
    if (target === 'requester') {
      await writeApprovalLog(trx, { documentId: doc.id, userId: ctx.userId, action: 'send_back_requester', onBehalfOf, decidedStepId: current.id, detail: { step_id: current.id }, touch: {} });
      await mailDocumentEvent(trx, 'sentBackToRequester', doc, requesterRecipients(doc), ctx, current.names);
      return { id: current.id, status: StepStatus.PENDING, buffer: { id: doc.id, status: DocumentStatus.ON_PROCESS }, active_approval_id: null };
    }
    await writeApprovalLog(trx, { documentId: doc.id, approvalId: target, userId: ctx.userId, action: 'send_back', onBehalfOf, decidedStepId: current.id, detail: { step_id: current.id }, touch: { activate: target } });
    const back = doc.steps.find((s) => s.id === target)!;
    // Its approvers decide again, and their deputies in effect are told as for any waiting step.
    await mailStepWaiting(trx, doc, back.candidates, ctx, back, 'sentBack');
    return { id: current.id, status: StepStatus.PENDING, buffer: { id: doc.id, status: DocumentStatus.ON_PROCESS }, active_approval_id: target };
  }
}

/**
 * The requester resubmits a document sent back to them, in ONE transaction: its first pending
 * step is active again and its approvers are mailed (the route it was filed with is kept).
 */
export async function resubmitDocument(db: Kysely<Database>, documentId: number, ctx: WorkflowContext) {
  return db.transaction().execute(async (trx) => {
    const doc = await loadDocumentState(trx, documentId, true);
    if (!doc) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
    const refusal = refuseResubmit(doc, ctx.userId);
    if (refusal) throw refusalError(refusal, ctx.t);
    await recordActor(trx, ctx.userId, 'resubmit');
    const first = doc.steps.find((s) => s.status === StepStatus.PENDING)!;
    await writeApprovalLog(trx, { documentId: doc.id, userId: ctx.userId, action: 'resubmit', touch: { activate: first.id } });
    await mailStepWaiting(trx, doc, first.candidates, ctx, first);
    return { id: doc.id, status: DocumentStatus.ON_PROCESS, active_approval_id: first.id };
  });
}
