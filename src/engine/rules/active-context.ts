import type { RuleContext } from '../types';

/**
 * json-logic operations receive only their arguments. Operations that need the caller's
 * context (master process steps, currencies) read it from here; `evaluate` sets it for the
 * duration of one synchronous evaluation and restores the previous one afterwards.
 */
export const activeContext: { current: RuleContext } = { current: {} };
