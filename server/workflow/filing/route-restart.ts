import { sql, type Kysely } from 'kysely';
import { keepsApprovals, stableStringify, type CompiledModule } from '../../../src/engine';
import type { Database } from '../../db/database';
import { writeApprovalLog } from '../core/approval-log';
import { mailStepWaiting } from '../people/deputies';
import type { DocumentState } from '../core/document-state';
import { insertSteps, stepsToFile, type StepToFile } from './filed-steps';
import { mailDocumentEvent } from '../mail/notifications';
import { StepStatus } from '../core/status';
import type { PreparedSubmission } from './submission-pipeline';
import { isWithRequester } from '../core/transitions';
import type { WorkflowContext } from '../core/workflow-context';

/** A filed step as the comparison with a re-resolved route needs it. */
interface FiledStep {
  id: number;
  master_process_id: number;
  status: number;
  skipped: string | null;
  mode: string;
  required: number;
  approver_id: number | null;
}

/** One changed field of an edit, as the timeline shows it: scalars with their values, lists and objects as "changed". */
export interface ClearedChange {
  field: string;
  old: string | number | boolean | null;
  new: string | number | boolean | null;
  /** The value is a list or an object: the timeline says it changed without printing it. */
  compound?: true;
}

const scalar = (value: unknown): value is string | number | boolean | null => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The changed fields of an edit, in the order they were found, for the timeline entry. */
function changesOf(changed: string[], before: Record<string, unknown>, after: Record<string, unknown>): ClearedChange[] {
  return changed.map((field) => {
    const [old, value] = [before[field] ?? null, after[field] ?? null];
    return scalar(old) && scalar(value) ? { field, old, new: value } : { field, old: null, new: null, compound: true };
  });
}

/** Do the filed steps say exactly what a filing of the edited data would file (same steps, skips, modes and approvers)? */
function sameRoute(filed: FiledStep[], candidates: Map<number, number[]>, next: StepToFile[]): boolean {
  const key = (stepId: number, skipped: string | null, mode: string, required: number, approvers: number[]) =>
    stableStringify([stepId, skipped, skipped ? null : mode, skipped ? 0 : required, [...approvers].sort((a, b) => a - b)]);
  return filed.length === next.length && filed.every((s, i) => key(s.master_process_id, s.skipped, s.mode, s.required, candidates.get(s.id) ?? [])
    === key(next[i].stepId, next[i].skipped, next[i].mode, next[i].required, next[i].approvers));
}

/** What an edit that may restart the route knows: the document before it, the definition, the pipeline's answer for the edited data. */
export interface EditOutcome {
  doc: DocumentState;
  module: CompiledModule;
  prepared: PreparedSubmission;
  changed: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * An approval is of the content approved (issue #30). After an edit, inside its transaction and
 * under the document's lock: the route is re-resolved from the edited data (the pipeline did it)
 * and compared with the filed steps. The steps are filed again when
 * - the edit changed a field that does not keep approvals (`ui:keepsApprovals`), or
 * - the edited data resolves to another route (a step added or dropped, other approvers), even
 *   through a field that keeps approvals.
 * Filing again voids the filed steps (kept for the timeline and the audit, `voided_at`) and files
 * the route as new steps with new ids: the first is active again (none while the document is with
 * its requester, who resubmits it). An action on a voided step is refused (409), so a decision
 * racing the edit never approves content its approver has not seen: exactly one of them wins.
 * When someone had decided (a step done, an approval within a 合議 step) or the route moved, the
 * approvals are cleared for everyone to see: the timeline says "approvals cleared by the edit"
 * with each change old → new, the first step's approvers (and their deputies) get the waiting
 * mail, and everyone else who had approved is told. Answers whether approvals were cleared.
 */
export async function restartRouteAfterEdit(trx: Kysely<Database>, edit: EditOutcome, ctx: WorkflowContext): Promise<boolean> {
  const { doc, module, prepared, changed } = edit;
  if (prepared.bypass || !prepared.route) return false;
  const filed: FiledStep[] = await trx.selectFrom('approvals')
    .select(['id', 'master_process_id', 'status', 'skipped', 'mode', 'required', 'approver_id'])
    .where('buffer_id', '=', doc.id).where('voided_at', 'is', null).orderBy('position').execute();
  const rows = filed.length
    ? await trx.selectFrom('approval_candidates').select(['approval_id', 'user_id', 'decision', 'decided_by'])
      .where('approval_id', 'in', filed.map((s) => s.id)).orderBy('user_id').execute()
    : [];
  const candidates = new Map<number, number[]>();
  for (const row of rows) candidates.set(row.approval_id, [...candidates.get(row.approval_id) ?? [], row.user_id]);
  const next = stepsToFile(prepared);
  const voiding = changed.some((field) => !keepsApprovals(module, field));
  const routeMoved = !sameRoute(filed, candidates, next);
  if (!voiding && !routeMoved) return false;
  const decided = filed.some((s) => s.status === StepStatus.DONE) || rows.some((r) => r.decision !== null);
  // The pipeline refuses a route nobody can approve; never leave a document waiting for no one.
  if (!next.some((s) => s.approvers.length > 0)) throw new Error('restartRouteAfterEdit: the re-resolved route has no approver (the submission pipeline must refuse this)');

  const withRequester = isWithRequester(doc);
  // Voided steps leave positions 1..n to the new route (`-id` keeps (buffer_id, position) unique).
  await trx.updateTable('approvals').set({ voided_at: new Date(), active: false, position: sql<number>`-id` })
    .where('id', 'in', filed.map((s) => s.id)).execute();
  const ids = await insertSteps(trx, doc.id, next, !withRequester);
  // Nobody had decided and the route is the same: only the step ids changed (so a decision racing
  // this edit is refused); nothing to clear, announce or mail.
  if (!decided && !routeMoved) return false;
  await writeApprovalLog(trx, {
    documentId: doc.id, userId: ctx.userId, action: 'approvals_cleared', detail: { changes: changesOf(changed, edit.before, edit.after) },
  });
  const first = withRequester ? -1 : next.findIndex((s) => !s.skipped);
  const waiting = first >= 0 ? next[first].approvers : [];
  if (first >= 0) await mailStepWaiting(trx, doc, waiting, ctx, ids[first]);
  // Everyone whose approval the edit cleared and who is not asked first is told.
  const approvedBy = [
    ...filed.filter((s) => s.status === StepStatus.DONE && s.approver_id !== null).map((s) => s.approver_id!),
    ...rows.filter((r) => r.decision !== null).map((r) => r.decided_by ?? r.user_id),
  ];
  const told = [...new Set(approvedBy)].filter((id) => !waiting.includes(id) && id !== ctx.userId);
  await mailDocumentEvent(trx, 'approvalsCleared', doc, told, ctx);
  return true;
}
