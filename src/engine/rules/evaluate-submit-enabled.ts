import type { FormData, RuleContext, SubmitEnabledRule } from '../types';
import { evaluate } from './evaluate';

/**
 * Whether a module's `submitEnabled` rule lets the form be submitted now: true without a rule,
 * else the truth of its `if`. A rule that throws enables submit (fail open): the button is a
 * convenience, and the validations — which fail closed, in the browser and on the server —
 * still refuse a body that breaks the same condition.
 */
export function evaluateSubmitEnabled(rule: SubmitEnabledRule | undefined, data: FormData, context: RuleContext = {}): boolean {
  if (!rule) return true;
  try {
    return Boolean(evaluate(rule.if, data, context));
  } catch {
    return true;
  }
}
