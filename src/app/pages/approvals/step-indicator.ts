import { StepStatus } from '../../../engine/status';

/** A timeline step's indicator (spec 000 §4 "Timeline indicator"). */
export type StepIndicator = 'done' | 'inProgress' | 'waiting' | 'rejected';

/**
 * Status 1 → done (green check); status 2 → rejected; active → in progress; not active with
 * status 0 → waiting.
 */
export function stepIndicator(step: { status: number; active: boolean }): StepIndicator {
  if (step.status === StepStatus.DONE) return 'done';
  if (step.status === StepStatus.REJECTED) return 'rejected';
  return step.active ? 'inProgress' : 'waiting';
}
