import type { CompiledModule, FormData, RuleContext, Translate, Violation } from '../types';
import { evaluate } from './evaluate';

/**
 * Run a module's ordered validations. A rule whose `when` is truthy fails; a rule that throws
 * also fails (fail closed: a broken rule must never let bad data through). An `{each}` marker
 * validates every item of that array with its sub-form's rules at that position, paths
 * prefixed `field[i].`, the parent form available to the item rules as `$parent`. A violation's
 * `field` is the top-level field to mark inline; `propertyPath` is the full path.
 */
export function validateRules(module: CompiledModule, data: FormData, context: RuleContext, t: Translate, prefix = ''): Violation[] {
  const violations: Violation[] = [];
  for (const rule of module.rules.validations ?? []) {
    if ('each' in rule) {
      const ref = module.meta.subForms.find((s) => s.field === rule.each);
      const sub = ref ? module.subForms[ref.form] : undefined;
      const items = data[rule.each];
      if (!sub || !Array.isArray(items)) continue;
      items.forEach((item, i) => {
        const itemData = item && typeof item === 'object' ? (item as FormData) : {};
        violations.push(...validateRules(sub, itemData, { ...context, parent: data }, t, `${prefix}${rule.each}[${i}].`));
      });
      continue;
    }
    let failing: boolean;
    let params: Record<string, unknown> = {};
    try {
      failing = Boolean(evaluate(rule.when, data, context));
      if (failing && rule.params) {
        params = Object.fromEntries(Object.entries(rule.params).map(([k, v]) => [k, evaluate(v, data, context)]));
      }
    } catch {
      failing = true;
    }
    if (!failing) continue;
    violations.push({
      propertyPath: `${prefix}${rule.field}`,
      message: t(rule.message, params),
      field: (prefix || rule.field).split(/[.[]/)[0],
      messageKey: rule.message,
    });
  }
  return violations;
}
