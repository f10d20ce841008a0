import type { MasterProcessStep } from '../../../engine';

/** One stored approval choice (the spec's `approvals` entries). */
export interface Approval {
  approver_id: number;
  master_process_id: number;
}

/** What the card knows about an approver (from `/users/approver`, saved or default approvers). */
export interface ApproverInfo {
  id: number;
  name: string;
  is_ringi_group_member?: boolean;
  is_authorizer?: boolean;
  is_company_authorizer?: boolean;
  [key: string]: unknown;
}

/**
 * Approvers carrying the company authorizer badge: the server's `is_company_authorizer`
 * (ROLE_COMPANY_AUTHORIZER) when the record has it, else the profile's `is_authorizer`.
 */
export function isCompanyAuthorizer(user: ApproverInfo | undefined): boolean {
  if (typeof user?.is_company_authorizer === 'boolean') return user.is_company_authorizer;
  return Boolean(user?.is_authorizer);
}

/**
 * The spec's lock: a user who is not a group member cannot change a step where a group
 * member is already chosen. Group members may change every step.
 */
export function isStepLocked(chosen: Array<ApproverInfo | undefined>, userIsGroupMember: boolean): boolean {
  return !userIsGroupMember && chosen.some((a) => a?.is_ringi_group_member === true);
}

/** Steps in process order (position, then id). */
export function sortSteps(steps: MasterProcessStep[]): MasterProcessStep[] {
  return [...steps].sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
}

/**
 * Saved or default approvers as `{approval, approver}` pairs, whatever shape the row has:
 * `{ master_process_id, approver: {id, name, …} }`, `{ master_process_id, approver_id }` or a
 * hydra collection of those. Rows for steps outside `steps` are dropped: approver choices
 * follow the module's process.
 */
export function readPresetApprovers(body: unknown, steps: MasterProcessStep[]): Array<{ approval: Approval; approver?: ApproverInfo }> {
  const rows = Array.isArray(body) ? body : Array.isArray((body as Record<string, unknown>)?.['hydra:member']) ? ((body as Record<string, unknown>)['hydra:member'] as unknown[]) : [];
  const stepIds = new Set(steps.map((s) => s.id));
  const out: Array<{ approval: Approval; approver?: ApproverInfo }> = [];
  for (const raw of rows) {
    if (!raw || typeof raw !== 'object') continue;
    const row = raw as Record<string, unknown>;
    const stepId = Number(row.master_process_id ?? (row.master_process as Record<string, unknown> | undefined)?.id);
    const approverObject = row.approver && typeof row.approver === 'object' ? (row.approver as ApproverInfo) : undefined;
    const approverId = Number(approverObject?.id ?? row.approver_id);
    if (!stepIds.has(stepId) || !Number.isFinite(approverId)) continue;
    const approver = approverObject
      ? { ...approverObject, is_ringi_group_member: approverObject.is_ringi_group_member ?? (row.is_ringi_group_member as boolean | undefined) }
      : undefined;
    if (out.some((o) => o.approval.master_process_id === stepId && o.approval.approver_id === approverId)) continue;
    out.push({ approval: { approver_id: approverId, master_process_id: stepId }, approver });
  }
  return out;
}

/** Stored approvals as clean entries: empty approvers dropped, as the spec does before submit. */
export function cleanApprovals(value: unknown): Approval[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((a): a is Record<string, unknown> => a !== null && typeof a === 'object')
    .map((a) => ({ approver_id: Number(a.approver_id), master_process_id: Number(a.master_process_id) }))
    .filter((a) => Number.isFinite(a.approver_id) && a.approver_id > 0 && Number.isFinite(a.master_process_id));
}
