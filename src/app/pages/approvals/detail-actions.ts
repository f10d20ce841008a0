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
  /** "Send back to…" (an earlier approved step or the requester): an approver of the active step. */
  sendBack: boolean;
  /** "Resubmit": the requester of a document an approver sent back to them. */
  resubmit: boolean;
}

/** Where "Send back to…" may return the document: an earlier approved step, or the requester. */
export interface SendBackTarget {
  /** The step id, or `requester` (the `back_to` the action sends). */
  backTo: number | 'requester';
  /** The step's name, or the requester's. */
  name: string;
  /** Who approved the step (none for the requester). */
  approver: string | null;
}

/**
 * The choices of "Send back to…": the steps before the active one that were approved in this
 * pass (the server takes exactly these, else 422), then the requester.
 */
export function sendBackTargets(doc: Pick<DocumentView, 'approvals' | 'requester' | 'current_approval_id'>): SendBackTarget[] {
  const current = doc.approvals.find((step) => step.id === doc.current_approval_id);
  const earlier = current ? doc.approvals.filter((step) => step.position < current.position && step.status === StepStatus.DONE) : [];
  return [
    ...earlier.map((step) => ({ backTo: step.id, name: step.master_process.process.name, approver: step.approver?.name ?? null })),
    { backTo: 'requester' as const, name: doc.requester.name, approver: null },
  ];
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
    sendBack: can.send_back === true,
    resubmit: requester && can.resubmit === true,
  };
}
