/**
 * How a step passes — one descriptor per step mode, the single table every consumer reads: the
 * definition meta-schema (which codes a process file may name), the route checker (what a mode
 * needs), route resolution and filing (approvals that pass a step: written once here, so the
 * process card and the filed step cannot disagree), the wire schema of a resolved step, the
 * studio's step options (its select and the quorum input) and the timeline's progress line.
 * Adding a mode is one `registerStepMode` entry plus its locale lines (`studio.route.modes.<code>`,
 * and `app.approvals.timeline.<progressKey>` when it counts decisions); nothing else names modes.
 */
export interface StepModeDescriptor {
  /** The code in process files (`steps[].mode`) and on the wire. */
  code: string;
  /**
   * Approvals that pass a step of this mode with `count` approvers; `count` is null while they
   * are not known yet (a step whose approvers the requester chooses, before filing).
   */
  required(count: number | null, quorum: number | null): number;
  /** The mode takes a `quorum` number (and only this mode may carry one). */
  takesQuorum: boolean;
  /** Several approvers each decide (`anyOf: false`, exactly one approver, contradicts it). */
  collective: boolean;
  /** The timeline's "n of m approved" line (`app.approvals.timeline.<key>`), null when one decision passes the step. */
  progressKey: string | null;
}

const BUILT_IN: StepModeDescriptor[] = [
  { code: 'any', required: () => 1, takesQuorum: false, collective: false, progressKey: null },
  // 合議: every approver; before the approvers are known, at least one.
  { code: 'all', required: (count) => Math.max(1, count ?? 1), takesQuorum: false, collective: true, progressKey: 'allCount' },
  // A quorum is the definition's number whoever resolves: fewer approvers than that is a gap
  // (resolution skips or blocks the step; filing refuses fewer named approvers), never a smaller quorum.
  { code: 'quorum', required: (_count, quorum) => Math.max(1, quorum ?? 1), takesQuorum: true, collective: true, progressKey: 'quorumCount' },
];

const modes = new Map<string, StepModeDescriptor>(BUILT_IN.map((m) => [m.code, m]));

/** The default mode of a step that names none. */
export const DEFAULT_STEP_MODE = 'any';

/** Every step mode, in the order the studio offers them. */
export function stepModes(): StepModeDescriptor[] {
  return [...modes.values()];
}

/** The descriptor of a mode code (the default mode's for none), or null for an unknown code. */
export function stepMode(code: string | undefined | null): StepModeDescriptor | null {
  return modes.get(code ?? DEFAULT_STEP_MODE) ?? null;
}

/**
 * Adds a step mode (an extension, or a test's toy mode); answers a function that removes it
 * again. A code already known is refused: built-in modes are not replaced.
 */
export function registerStepMode(descriptor: StepModeDescriptor): () => void {
  if (modes.has(descriptor.code)) throw new Error(`step mode "${descriptor.code}" is already registered`);
  modes.set(descriptor.code, descriptor);
  return () => { modes.delete(descriptor.code); };
}

/** Approvals that pass a step of `code` (the default mode's rule for an unknown code: one). */
export function approvalsRequired(code: string | undefined | null, count: number | null, quorum: number | null): number {
  return (stepMode(code) ?? stepMode(DEFAULT_STEP_MODE)!).required(count, quorum);
}
