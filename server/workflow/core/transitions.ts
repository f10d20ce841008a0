import type { Permissions } from '../../../src/wire/workflow';
import type { DocumentState, StepState } from './document-state';
import { DocumentStatus, StepStatus, TREASURY_PROCESS_CODE } from './status';

/** Why an action is refused: 403 (not this user's action) or 409 (not in this state), with a message key. */
export interface Refusal {
  status: 403 | 409;
  key: string;
}

export type { Permissions };

const refuse = (status: 403 | 409, key: string): Refusal => ({ status, key });

/** The one step in progress while the document is on process, else null. */
export function activeStep(doc: DocumentState): StepState | null {
  if (doc.status !== DocumentStatus.ON_PROCESS) return null;
  return doc.steps.find((s) => s.active && s.status === StepStatus.PENDING) ?? null;
}

/** The done step right before `step`, which a step back returns to (null on the first step). */
export function previousStep(doc: DocumentState, step: StepState): StepState | null {
  const earlier = doc.steps.filter((s) => s.position < step.position && s.status === StepStatus.DONE);
  return earlier.length ? earlier[earlier.length - 1] : null;
}

/** The pending step after `step` that becomes active when it passes (null: it was the last). */
export function nextStep(doc: DocumentState, step: StepState): StepState | null {
  return doc.steps.find((s) => s.position > step.position && s.status === StepStatus.PENDING) ?? null;
}

/** Does this step take the treasury form (account, payment date, deal slip) instead of approve? */
export function isTreasuryStep(step: StepState): boolean {
  return step.process_code === TREASURY_PROCESS_CODE;
}

/**
 * For whom `userId` acts on `step`: null when as themselves (a candidate), else the principal a
 * deputy stands in for (the first undecided one when they stand in for several), undefined when
 * neither.
 */
export function actingFor(step: StepState, userId: number): number | null | undefined {
  if (step.candidates.includes(userId)) return null;
  const mine = step.deputies.filter((d) => d.deputy_id === userId).map((d) => d.principal_id);
  if (mine.length === 0) return undefined;
  return mine.find((p) => !step.decided.includes(p)) ?? mine[0];
}

/**
 * May `userId` act (approve, reject, treasury, step back) on step `stepId`? Only a candidate
 * of that step or a deputy in effect of one (403 otherwise; never on the deputy's own document),
 * only while it is the active pending step of a document on process (409 otherwise: already
 * handled, not yet reached, or the document has ended).
 */
export function refuseStepAction(doc: DocumentState, stepId: number, userId: number): Refusal | null {
  // An edit restarted the route after this step was shown: what it would approve is no longer what was shown.
  if (doc.voided.includes(stepId)) return refuse(409, 'server.workflow.errors.stepVoided');
  const step = doc.steps.find((s) => s.id === stepId);
  const principal = step ? actingFor(step, userId) : undefined;
  if (!step || principal === undefined || (principal !== null && doc.requester_id === userId)) return refuse(403, 'server.workflow.errors.notCandidate');
  if (doc.status !== DocumentStatus.ON_PROCESS) return refuse(409, 'server.workflow.errors.notOnProcess');
  if (!step.active || step.status !== StepStatus.PENDING) return refuse(409, 'server.workflow.errors.stepNotActive');
  if (step.decided.includes(principal ?? userId)) return refuse(409, 'server.routes.alreadyDecided');
  // A 合議 or quorum step counts people: one person standing in for two candidates decides once.
  if (step.required > 1 && step.deciders.includes(userId)) return refuse(409, 'server.routes.samePerson');
  return null;
}

/** An approver's step back: as `refuseStepAction`, and there must be an earlier done step. */
export function refuseApproverStepBack(doc: DocumentState, stepId: number, userId: number): Refusal | null {
  const refusal = refuseStepAction(doc, stepId, userId);
  if (refusal) return refusal;
  const step = doc.steps.find((s) => s.id === stepId)!;
  return previousStep(doc, step) ? null : refuse(409, 'server.workflow.errors.approverFirstStep');
}

/** Withdraw: the requester, while on process and before any step is done. */
export function refuseWithdraw(doc: DocumentState, userId: number): Refusal | null {
  if (doc.requester_id !== userId) return refuse(403, 'server.workflow.errors.notRequester');
  if (doc.status !== DocumentStatus.ON_PROCESS) return refuse(409, 'server.workflow.errors.notOnProcess');
  if (doc.steps.some((s) => s.status === StepStatus.DONE)) return refuse(409, 'server.workflow.errors.withdrawAfterDone');
  return null;
}

/**
 * The requester's step back: while on process with a pending active step that has a done step
 * before it. On the first step there is nothing to go back to: refused, advising withdrawal.
 */
export function refuseRequesterStepBack(doc: DocumentState, userId: number): Refusal | null {
  if (doc.requester_id !== userId) return refuse(403, 'server.workflow.errors.notRequester');
  const step = activeStep(doc);
  if (!step) return refuse(409, 'server.workflow.errors.notOnProcess');
  return previousStep(doc, step) ? null : refuse(409, 'server.workflow.errors.requesterFirstStep');
}

/** Where a send back may go: an earlier step (its id) or the requester. */
export type SendBackTarget = number | 'requester';

/**
 * The steps an approver of `step` may send the document back to: the earlier steps that were
 * approved in this pass (skipped steps were never acted on, and are never returned to).
 */
export function sendBackSteps(doc: DocumentState, step: StepState): StepState[] {
  return doc.steps.filter((s) => s.position < step.position && s.status === StepStatus.DONE);
}

/**
 * A send back (`back_to`) from step `stepId`: the acting user must be able to act on it (as
 * `refuseStepAction`); the target must be the requester or an earlier approved step of this
 * document. A target that is not is answered by the caller as 422 at `back_to` (`badTarget`).
 */
export function refuseSendBack(doc: DocumentState, stepId: number, userId: number, target: SendBackTarget): Refusal | 'badTarget' | null {
  const refusal = refuseStepAction(doc, stepId, userId);
  if (refusal) return refusal;
  if (target === 'requester') return null;
  const step = doc.steps.find((s) => s.id === stepId)!;
  return sendBackSteps(doc, step).some((s) => s.id === target) ? null : 'badTarget';
}

/** Is the document back with its requester (sent back to them: on process, no step active)? */
export function isWithRequester(doc: DocumentState): boolean {
  return doc.status === DocumentStatus.ON_PROCESS && !doc.bypass && doc.steps.length > 0
    && !doc.steps.some((s) => s.active) && doc.steps.some((s) => s.status === StepStatus.PENDING);
}

/** Resubmit: the requester, while the document was sent back to them. */
export function refuseResubmit(doc: DocumentState, userId: number): Refusal | null {
  if (doc.requester_id !== userId) return refuse(403, 'server.workflow.errors.notRequester');
  if (doc.status !== DocumentStatus.ON_PROCESS) return refuse(409, 'server.workflow.errors.notOnProcess');
  return isWithRequester(doc) ? null : refuse(409, 'server.workflow.errors.notWithRequester');
}

/** Edit: an editable module, on process, by the requester or a candidate of the active step. */
export function refuseEdit(doc: DocumentState, userId: number, editable: boolean): Refusal | null {
  const step = activeStep(doc);
  const mayEdit = doc.requester_id === userId || (step?.candidates.includes(userId) ?? false);
  if (!mayEdit) return refuse(403, 'server.workflow.errors.notEditor');
  if (!editable) return refuse(409, 'server.workflow.errors.notEditable');
  if (doc.status !== DocumentStatus.ON_PROCESS) return refuse(409, 'server.workflow.errors.notOnProcess');
  return null;
}

/** Every permission of `userId` on the document, from the same rules the actions check. */
export function permissionsOf(doc: DocumentState, userId: number, editable: boolean): Permissions {
  const step = activeStep(doc);
  const acts = step ? refuseStepAction(doc, step.id, userId) === null : false;
  const treasury = acts && step !== null && isTreasuryStep(step);
  return {
    approve: acts && !treasury,
    reject: acts,
    treasury,
    step_back: (step !== null && refuseApproverStepBack(doc, step.id, userId) === null) || refuseRequesterStepBack(doc, userId) === null,
    withdraw: refuseWithdraw(doc, userId) === null,
    edit: refuseEdit(doc, userId, editable) === null,
    send_back: acts,
    resubmit: refuseResubmit(doc, userId) === null,
  };
}
