import { StepStatus } from '../../../engine/status';

/** A timeline step's indicator (spec 000 §4 "Timeline indicator"; `skipped` by the route, issue #20). */
export type StepIndicator = 'done' | 'inProgress' | 'waiting' | 'rejected' | 'skipped';

/**
 * Status 1 → done (green check); status 2 → rejected; status 3 → skipped at filing (the requester
 * holds the post, or nobody does); active → in progress; not active with status 0 → waiting.
 */
export function stepIndicator(step: { status: number; active: boolean }): StepIndicator {
  if (step.status === StepStatus.DONE) return 'done';
  if (step.status === StepStatus.REJECTED) return 'rejected';
  if (step.status === StepStatus.SKIPPED) return 'skipped';
  return step.active ? 'inProgress' : 'waiting';
}
