import type { FormData, LabelRule, Logic, RuleContext } from '../types';
import { evaluate } from './evaluate';

/**
 * The label keys chosen by a module's `labels` rules for the current data: for each field, the
 * `label` of its first rule whose `when` holds. Fields with no matching rule are left out, so
 * the caller keeps the derived key (`labelKey`). A rule that throws does not match (fail open:
 * the derived label is always a correct, if less specific, name for the field).
 */
export function evaluateLabels(labels: Record<string, LabelRule[]> | undefined, data: FormData, context: RuleContext = {}): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const [field, rules] of Object.entries(labels ?? {})) {
    for (const rule of rules) {
      if (matches(rule.when, data, context)) {
        chosen[field] = rule.label;
        break;
      }
    }
  }
  return chosen;
}

function matches(when: Logic, data: FormData, context: RuleContext): boolean {
  try {
    return Boolean(evaluate(when, data, context));
  } catch {
    return false;
  }
}
