/**
 * The step budget rules run under (issue #19): every evaluated node of a rule costs one step,
 * and an operation over arrays or strings costs their length too (`merge` of two 10,000-item
 * arrays costs 20,000), so a rule whose cost grows with its data — a `merge` doubling chain, a
 * `map` inside a `map` — stops with `RuleBudgetError` instead of stalling the browser or the
 * server. One budget covers one top-level call (a submission's compute + validation, one
 * `applyChange`, one `visibility`); nested calls share it. The checker bounds what a rule may
 * cost before publish (`rule-cost.ts`); this is the run-time guard behind it.
 */
export const STEP_BUDGET = 2_000_000;

/** Thrown when a rule evaluation runs out of steps; `rule` names the rule that was running. */
export class RuleBudgetError extends Error {
  constructor(readonly rule: string) {
    super(`rule budget of ${STEP_BUDGET} steps exhausted${rule ? ` (${rule})` : ''}`);
    this.name = 'RuleBudgetError';
  }
}

/**
 * The meter of the running top-level call (`left` is Infinity outside one), and the rule it is
 * evaluating, kept as its parts: the name is only spelled out when the budget runs out, so
 * naming the running rule costs no string per rule and item.
 */
export const meter = { left: Infinity, depth: 0, kind: '' as RuleKind | '', prefix: '', field: '' };

/** What kind of rule is running: a validation (named with its item path) or a computed field. */
export type RuleKind = 'validation' | 'computed';

/** The running rule's name, as messages show it: `validation of "items[0].qty"`, `computed "total"`. */
function runningRuleName(): string {
  if (meter.kind === 'validation') return `validation of "${meter.prefix}${meter.field}"`;
  if (meter.kind === 'computed') return `computed "${meter.field}"`;
  return '';
}

/** The error for a spent budget, naming the rule that was running. */
export function budgetSpent(): RuleBudgetError {
  return new RuleBudgetError(runningRuleName());
}

/** Charge `n` steps; throws once the budget is spent (and on every charge after that). */
export function charge(n: number): void {
  meter.left -= n;
  if (meter.left < 0) throw budgetSpent();
}

/**
 * Name the rule being evaluated (for the message when the budget runs out): its kind, its field
 * and, for a validation of an item, the item's path prefix (`items[3].`). Once the budget is
 * spent the name stays the one that spent it.
 */
export function runningRule(kind: RuleKind, field: string, prefix = ''): void {
  if (meter.left >= 0) {
    meter.kind = kind;
    meter.field = field;
    meter.prefix = prefix;
  }
}

/** Run `fn` under a fresh budget, or under the caller's when one is already running. */
export function withBudget<T>(fn: () => T, steps = STEP_BUDGET): T {
  if (meter.depth === 0) {
    meter.left = steps;
    meter.kind = '';
  }
  meter.depth += 1;
  try {
    return fn();
  } finally {
    meter.depth -= 1;
    if (meter.depth === 0) meter.left = Infinity;
  }
}

/** True for the budget error (callers that swallow rule errors must let this one through). */
export function isBudgetError(error: unknown): error is RuleBudgetError {
  return error instanceof RuleBudgetError;
}
