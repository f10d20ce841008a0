import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { stepDeputies } from './deputies';
import { eligibleAmong, scopeCompany } from './eligibility';

/** One approval step as the state machine sees it. */
export interface StepState {
  id: number;
  position: number;
  status: number;
  active: boolean;
  approver_id: number | null;
  process_code: string;
  /**
   * Users who may act on this step (any one of them passes it): the named candidates the
   * eligibility rule still allows NOW (a flag removed, a user disabled → no longer acts).
   */
  candidates: number[];
  /** Approvals that pass the step (1 unless a 合議 or quorum step; pinned at filing). */
  required: number;
  /** Candidates who already approved within this pass of the step (a 合議 or quorum step counts them). */
  decided: number[];
  /** Who gave those decisions (the candidate, or the deputy who stood in): a 合議 step counts each person once. */
  deciders: number[];
  /**
   * Who may act for a candidate (deputies in effect today, `deputies.ts`): filled for the active
   * pending step of a document on process only, never the requester; empty otherwise.
   */
  deputies: Array<{ deputy_id: number; principal_id: number }>;
}

/** A document with its ordered steps: everything the transition rules decide on. */
export interface DocumentState {
  id: number;
  code: string;
  module_code: string;
  status: number;
  requester_id: number;
  /** The company the document belongs to (`workflow/document-company.ts`). */
  company_id: number | null;
  data: Record<string, unknown>;
  bypass: boolean;
  /** Marked urgent by its requester (migration 1100). */
  urgent: boolean;
  user_finances: number[];
  /** The live steps, in route order. */
  steps: StepState[];
  /** Steps an edit voided when it restarted the route (an action on one is refused: 409). */
  voided: number[];
}

/**
 * Loads a document and its steps. With `lock`, the buffer row is locked `FOR UPDATE` first, so
 * inside a transaction every concurrent action on the same document waits here and then reads
 * the state the previous one committed: the re-check that follows is what makes races safe.
 * Candidates are re-checked against the eligibility rule here, so every action, permission and
 * notification works with who may act at this moment, not who was named at filing.
 */
export async function loadDocumentState(db: Kysely<Database>, bufferId: number, lock = false): Promise<DocumentState | null> {
  let query = db.selectFrom('buffers')
    .select(['id', 'code', 'module_code', 'status', 'requester_id', 'company_id', 'data', 'bypass', 'urgent', 'user_finances'])
    .where('id', '=', bufferId);
  if (lock) query = query.forUpdate();
  const buffer = await query.executeTakeFirst();
  if (!buffer) return null;
  const steps = await db.selectFrom('approvals')
    .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['approvals.id', 'approvals.position', 'approvals.status', 'approvals.active', 'approvals.approver_id', 'approvals.required', 'processes.code as process_code',
      'processes.approver_roles', 'master_processes.allow_requester', 'approvals.voided_at'])
    .where('approvals.buffer_id', '=', bufferId)
    .orderBy('approvals.position')
    .execute();
  const candidates = steps.length
    ? await db.selectFrom('approval_candidates').select(['approval_id', 'user_id', 'decision', 'decided_by'])
      .where('approval_id', 'in', steps.map((s) => s.id)).execute()
    : [];
  const scope = { requesterId: buffer.requester_id, companyId: await scopeCompany(db, buffer.requester_id, buffer.company_id) };
  const states: StepState[] = [];
  // One query at a time: inside a transaction they share one connection anyway.
  for (const { approver_roles, allow_requester, voided_at, ...s } of steps) {
    if (voided_at) continue;
    const named = candidates.filter((c) => c.approval_id === s.id).map((c) => c.user_id);
    const eligible = await eligibleAmong(db, { approver_roles: approver_roles ?? [], allow_requester }, scope, named);
    const decided = candidates.filter((c) => c.approval_id === s.id && c.decision === 1).map((c) => c.user_id);
    const deciders = candidates.filter((c) => c.approval_id === s.id && c.decision !== null).map((c) => c.decided_by ?? c.user_id);
    const allowed = named.filter((id) => eligible.has(id));
    // The step in progress: whom the candidates' deputies may stand in for (undecided candidates only).
    const pending = buffer.status === 0 && s.active && s.status === 0;
    const deputies = pending ? await stepDeputies(db, allowed.filter((id) => !decided.includes(id)), buffer.module_code, buffer.requester_id) : [];
    states.push({ ...s, candidates: allowed, decided, deciders, deputies });
  }
  return {
    ...buffer,
    data: (buffer.data ?? {}) as Record<string, unknown>,
    user_finances: Array.isArray(buffer.user_finances) ? buffer.user_finances.map(Number) : [],
    steps: states,
    voided: steps.filter((s) => s.voided_at).map((s) => s.id),
  };
}
