import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { pinnedDefinition } from '../../definitions/definition-version-repository';
import { endAllSessions } from '../../repositories/session-repository';
import { writeApprovalLog } from '../core/approval-log';
import { activeDeputies, mailStepWaiting } from './deputies';
import { eligibleAmong, scopeCompany } from '../core/eligibility';
import { escalationTargets } from '../mail/escalation-targets';
import { loadDocumentState } from '../core/document-state';
import { DocumentStatus, StepStatus } from '../core/status';
import type { WorkflowContext } from '../core/workflow-context';

/**
 * Deprovisioning keeps the record and moves the work (issue #34 item 6; docs/IDENTITY.md).
 *
 * `deactivateUser` runs inside the caller's transaction: the user is disabled — every request
 * with one of their tokens fails from the next one on, on every instance, because
 * `plugins/auth.ts` reads `users.disabled` per request; and `password_changed_at` moves, so their
 * old tokens stay dead even after a reactivation — and each step still waiting for them (an
 * undecided candidacy on a pending step of a document on process, the active step or a later one)
 * moves, in the same transaction, to their deputy in effect today for the document's module, or
 * where there is none to the step's escalation target (the step's `reminder.escalateTo` in the
 * definition the document was filed under; the manager by default). Only people the step's
 * eligibility rule allows and who are not candidates already take it; their undecided candidacy
 * replaces the deactivated person's (so a 合議 or quorum step still counts the same number of
 * people). The timeline says why (`deactivated_to_deputy` / `deactivated_to_escalation`, naming
 * who took the step and whom it came from), and the new people of an active step are mailed.
 * Where nobody can take the step, the candidacy stays and the timeline says so
 * (`deactivated_none`): the step waits for an admin, visibly. The user row is never erased
 * (電子帳簿保存法: every entry keeps its author). Reactivation (`reactivateUser`) restores
 * sign-in only: moved steps stay where they went.
 */

/** What a deactivation moved: the steps per outcome. */
export interface DeactivationResult {
  /** False when the user was already disabled (nothing moved). */
  deactivated: boolean;
  moved: Array<{ approvalId: number; to: number[]; by: 'deputy' | 'escalation' }>;
  stranded: number[];
}

export async function deactivateUser(trx: Kysely<Database>, userId: number, ctx: WorkflowContext, now: Date = new Date()): Promise<DeactivationResult> {
  const result: DeactivationResult = { deactivated: false, moved: [], stranded: [] };
  const done = await trx.updateTable('users').set({ disabled: true, password_changed_at: now, updated_at: now })
    .where('id', '=', userId).where('disabled', '=', false).executeTakeFirst();
  if (done.numUpdatedRows !== 1n) return result;
  result.deactivated = true;
  // Their signed-in devices end (the password version already refuses their tokens; the list says why).
  await endAllSessions(trx, userId, 'deactivated', null);
  const person = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
  const waiting = await trx.selectFrom('approval_candidates')
    .innerJoin('approvals', 'approvals.id', 'approval_candidates.approval_id')
    .innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
    .select(['approvals.id', 'approvals.buffer_id'])
    .where('approval_candidates.user_id', '=', userId).where('approval_candidates.decision', 'is', null)
    .where('approvals.status', '=', StepStatus.PENDING).where('approvals.voided_at', 'is', null)
    .where('buffers.status', '=', DocumentStatus.ON_PROCESS)
    .orderBy('approvals.buffer_id').orderBy('approvals.position')
    .execute();
  for (const step of waiting) {
    // The document's lock, as every action takes it: an approval racing this waits, then sees the move.
    const doc = await loadDocumentState(trx, step.buffer_id, true);
    if (!doc || doc.status !== DocumentStatus.ON_PROCESS) continue;
    const rule = await trx.selectFrom('approvals')
      .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
      .innerJoin('processes', 'processes.id', 'master_processes.process_id')
      .innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
      .select(['processes.approver_roles', 'processes.code', 'master_processes.allow_requester', 'approvals.active', 'buffers.definition_version'])
      .where('approvals.id', '=', step.id).executeTakeFirstOrThrow();
    const already = new Set((await trx.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', step.id).execute()).map((c) => c.user_id));
    const scope = { requesterId: doc.requester_id, companyId: await scopeCompany(trx, doc.requester_id, doc.company_id) };
    const takers = async (ids: number[]) => {
      const fresh = ids.filter((id) => id !== userId && id !== doc.requester_id && !already.has(id));
      const eligible = await eligibleAmong(trx, { approver_roles: rule.approver_roles ?? [], allow_requester: rule.allow_requester }, scope, fresh);
      return fresh.filter((id) => eligible.has(id));
    };
    let by: 'deputy' | 'escalation' = 'deputy';
    let to = await takers(await activeDeputies(trx, userId, doc.module_code, now));
    if (to.length === 0) {
      by = 'escalation';
      const module = await pinnedDefinition(trx, ctx.definitions.modules[doc.module_code] ?? null, doc.module_code, rule.definition_version);
      const target = module?.process?.find((s) => s.code === rule.code)?.reminder?.escalateTo ?? 'manager';
      to = await takers(await escalationTargets(trx, target, [userId], now, doc.module_code));
    }
    const detail = { from: person.name };
    if (to.length === 0) {
      await writeApprovalLog(trx, { documentId: doc.id, approvalId: step.id, userId: null, action: 'deactivated_none', detail });
      result.stranded.push(step.id);
      continue;
    }
    await trx.deleteFrom('approval_candidates').where('approval_id', '=', step.id).where('user_id', '=', userId).where('decision', 'is', null).execute();
    await trx.insertInto('approval_candidates').values(to.map((user_id) => ({ approval_id: step.id, user_id }))).execute();
    for (const id of to) {
      await writeApprovalLog(trx, { documentId: doc.id, approvalId: step.id, userId: id, action: by === 'deputy' ? 'deactivated_to_deputy' : 'deactivated_to_escalation', detail });
    }
    if (rule.active) await mailStepWaiting(trx, doc, to, ctx, step.id, 'approvalRequest', now);
    result.moved.push({ approvalId: step.id, to, by });
  }
  return result;
}

/** Restores sign-in (the old sessions stay ended: `password_changed_at` moved at deactivation); moved steps stay moved. */
export async function reactivateUser(trx: Kysely<Database>, userId: number, now: Date = new Date()): Promise<boolean> {
  const done = await trx.updateTable('users').set({ disabled: false, updated_at: now })
    .where('id', '=', userId).where('disabled', '=', true).executeTakeFirst();
  return done.numUpdatedRows === 1n;
}
