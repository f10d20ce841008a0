import type { Kysely } from 'kysely';
import { approvalsRequired, DEFAULT_STEP_MODE } from '../../../src/engine';
import type { Database } from '../../db/database';
import type { PreparedSubmission } from './submission-pipeline';
import { StepStatus } from '../core/status';

/** One step as filed: its approvers (pinned: later organisation or definition changes move none), how it passes, or why it was skipped. */
export interface StepToFile {
  stepId: number;
  approvers: number[];
  mode: string;
  required: number;
  skipped: string | null;
  /** The requester named these approvers (remembered with `save_approvers`). */
  named: boolean;
}

/**
 * The steps a filing (or an edit that restarts the route) creates, in route order. Without a
 * route (a bypass) every step with named approvers. With the route: a choice step takes the
 * requester's named approvers (an optional one without any is left out); a resolved step its
 * resolved approvers, or the requester's where it is `editable` and they named some; a skipped
 * step is filed skipped (`StepStatus.SKIPPED`) with its reason for the timeline. Circulation
 * steps are not approval steps.
 */
export function stepsToFile(prepared: PreparedSubmission): StepToFile[] {
  const approvals = (Array.isArray(prepared.data.approvals) ? prepared.data.approvals : []) as Array<{ approver_id: number | null; master_process_id: number | null }>;
  const namedFor = (id: number) => [...new Set(approvals.filter((a) => a.approver_id != null && a.master_process_id === id).map((a) => a.approver_id as number))];
  if (!prepared.route) {
    return prepared.steps.map((step) => ({ stepId: step.id, approvers: namedFor(step.id), mode: DEFAULT_STEP_MODE, required: 1, skipped: null, named: true }))
      .filter((s) => s.approvers.length > 0);
  }
  const out: StepToFile[] = [];
  for (const step of prepared.route) {
    if (step.circulation) continue;
    if (step.skipped) {
      out.push({ stepId: step.id!, approvers: [], mode: step.mode, required: 0, skipped: step.skipped, named: false });
      continue;
    }
    const named = step.by === 'choice' || step.editable ? namedFor(step.id!) : [];
    const approvers = step.by === 'choice' || named.length ? named : step.approvers;
    if (approvers.length === 0) continue;
    out.push({ stepId: step.id!, approvers, mode: step.mode, required: approvalsRequired(step.mode, approvers.length, step.quorum), skipped: null, named: named.length > 0 });
  }
  return out;
}

/**
 * Inserts the steps of a document, positions 1..n in route order, with their candidates. With
 * `activate`, the first step not skipped is the active one; without, none is (a document with
 * its requester waits for their resubmit). Answers the new step ids, in order.
 */
export async function insertSteps(trx: Kysely<Database>, documentId: number, steps: StepToFile[], activate: boolean): Promise<number[]> {
  if (steps.length === 0) return [];
  const first = activate ? steps.findIndex((s) => !s.skipped) : -1;
  // Every step in one statement, then every candidate in one (two round trips, whatever the route's length).
  const rows = await trx.insertInto('approvals')
    .values(steps.map(({ stepId, mode, required, skipped }, i) => ({
      buffer_id: documentId, master_process_id: stepId, position: i + 1, active: i === first, mode, required, skipped,
      status: skipped ? StepStatus.SKIPPED : StepStatus.PENDING,
    })))
    .returning(['id', 'position'])
    .execute();
  const idAt = new Map(rows.map((row) => [row.position, row.id]));
  const ids = steps.map((_, i) => idAt.get(i + 1)!);
  const candidates = steps.flatMap(({ approvers }, i) => approvers.map((user_id) => ({ approval_id: ids[i], user_id })));
  if (candidates.length) await trx.insertInto('approval_candidates').values(candidates).execute();
  return ids;
}
