import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { writeApprovalLog } from '../core/approval-log';
import { loadDocumentState } from '../core/document-state';
import { DocumentStatus, StepStatus } from '../core/status';
import { actingFor, activeStep, previousStep, refuseApproverStepBack, refuseRequesterStepBack } from '../core/transitions';
import { illegalTransition, refusalError } from '../core/workflow-error';
import type { WorkflowContext } from '../core/workflow-context';

/** Who steps back: a candidate of the active step (by its id) or the requester. */
export type StepBackBy = { approver: true; stepId: number } | { approver: false };

/**
 * Returns the document one step in ONE transaction: the active step becomes inactive (still
 * pending), the done step before it pending and active again (its approver and date cleared;
 * the timeline keeps the log). Refused on the first step (README.md "Transitions").
 */
export async function stepBack(db: Kysely<Database>, documentId: number, by: StepBackBy, ctx: WorkflowContext) {
  return db.transaction().execute(async (trx) => {
    const doc = await loadDocumentState(trx, documentId, true);
    if (!doc) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
    const refusal = by.approver ? refuseApproverStepBack(doc, by.stepId, ctx.userId) : refuseRequesterStepBack(doc, ctx.userId);
    if (refusal) throw refusalError(refusal, ctx.t);
    const current = activeStep(doc)!;
    const previous = previousStep(doc, current)!;
    const moved = await trx.updateTable('approvals').set({ active: false })
      .where('id', '=', current.id).where('active', '=', true).where('status', '=', StepStatus.PENDING)
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw illegalTransition(ctx.t('server.workflow.errors.stepNotActive'));
    await trx.updateTable('approvals')
      .set({ status: StepStatus.PENDING, active: true, approver_id: null, on_behalf_of: null, approved_at: null })
      .where('id', '=', previous.id).execute();
    // Both steps start over: decisions within a 合議 or quorum step count only for the pass in progress.
    await trx.updateTable('approval_candidates').set({ decision: null, decided_at: null, decided_by: null })
      .where('approval_id', 'in', [current.id, previous.id]).execute();
    // A deputy steps back for the principal (the requester's own step back is nobody's deputy).
    const onBehalfOf = by.approver ? actingFor(current, ctx.userId) ?? null : null;
    await writeApprovalLog(trx, { documentId: doc.id, approvalId: current.id, userId: ctx.userId, action: 'step_back', onBehalfOf, touch: {} });
    return { id: doc.id, status: DocumentStatus.ON_PROCESS, active_approval_id: previous.id };
  });
}
