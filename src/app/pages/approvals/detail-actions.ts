import { StepStatus } from '../../../engine/status';
import type { DocumentView } from './types';

/** Which step-back call the bar's step-back button makes. */
export type StepBackKind = 'withdraw' | 'requester' | 'approver';

/** What the detail page's action bar offers, from the document's `can` flags. */
export interface DetailActions {
  approve: boolean;
  reject: boolean;
  /** The treasury form replaces Approve on a `p-treasury` step. */
  treasury: boolean;
  stepBack: StepBackKind | null;
  edit: boolean;
  /** The notify-next-approver checkbox: only for an approver who is not the last one. */
  notifyNext: boolean;
}

/** True when the active step is the only pending one (spec 000 §4 "Last approver"). */
export function isLastApprover(doc: Pick<DocumentView, 'approvals'>): boolean {
  return !doc.approvals.some((step) => step.status === StepStatus.PENDING && !step.active);
}

/**
 * The bar from the server's permissions. The applicant's step back is a withdraw when a withdraw
 * is allowed, else the step-back call (spec 000 §4 "Step-back request"); an approver's step back
 * uses the step's own call.
 */
export function detailActions(doc: Pick<DocumentView, 'can' | 'requester' | 'approvals'>, userId: number | undefined): DetailActions {
  const { can } = doc;
  const requester = userId !== undefined && doc.requester?.id === userId;
  let stepBack: StepBackKind | null = null;
  if (requester && can.withdraw) stepBack = 'withdraw';
  else if (requester && can.step_back) stepBack = 'requester';
  else if (can.step_back && (can.approve || can.reject || can.treasury)) stepBack = 'approver';
  return {
    approve: can.approve,
    reject: can.reject,
    treasury: can.treasury,
    stepBack,
    edit: can.edit,
    notifyNext: (can.approve || can.treasury) && !isLastApprover(doc),
  };
}
