import type { CompiledModule, FormData, RuleContext, Translate, Violation } from '../types';
import { activeContext } from './active-context';
import { compileLogic } from './compile-logic';
import { amountViolations } from './amount-violations';
import { isBudgetError, runningRule, withBudget } from './step-budget';

/**
 * Run a module's ordered validations. A rule whose `when` is truthy fails; a rule that throws
 * also fails (fail closed: a broken rule must never let bad data through). An `{each}` marker
 * validates every item of that array with its sub-form's rules at that position, paths
 * prefixed `field[i].`, the parent form available to the item rules as `$parent`. A violation's
 * `field` is the top-level field to mark inline; `propertyPath` is the full path.
 *
 * Each rule is compiled once (`compileLogic`, cached per rule object of the compiled module);
 * the form's data is read in place (no copy per rule).
 *
 * Each level's money fields are checked first, as they will be stored (`amountViolations`).
 * All of it runs under one step budget (`step-budget.ts`); a rule that spends it ends the run
 * with one violation saying so (`engine.validation.ruleBudget`, naming the rule), never a stall.
 */
export function validateRules(module: CompiledModule, data: FormData, context: RuleContext, t: Translate, prefix = ''): Violation[] {
  const previous = activeContext.current;
  try {
    const violations: Violation[] = [];
    try {
      withBudget(() => run(module, data, context, t, prefix, violations));
    } catch (error) {
      if (!isBudgetError(error)) throw error;
      return [{ propertyPath: '', message: t('engine.validation.ruleBudget', { rule: error.rule }), messageKey: 'engine.validation.ruleBudget' }];
    }
    return violations;
  } finally {
    activeContext.current = previous;
  }
}

function run(module: CompiledModule, data: FormData, context: RuleContext, t: Translate, prefix: string, violations: Violation[]): void {
  violations.push(...amountViolations(module, data, context, t, prefix));
  for (const rule of module.rules.validations ?? []) {
    if ('each' in rule) {
      const ref = module.meta.subForms.find((s) => s.field === rule.each);
      const sub = ref ? module.subForms[ref.form] : undefined;
      const items = data[rule.each];
      if (!sub || !Array.isArray(items)) continue;
      const itemContext = { ...context, parent: data };
      items.forEach((item, i) => {
        const itemData = item && typeof item === 'object' ? (item as FormData) : {};
        run(sub, itemData, itemContext, t, `${prefix}${rule.each}[${i}].`, violations);
      });
      continue;
    }
    activeContext.current = context;
    let failing: boolean;
    let params: Record<string, unknown> = {};
    try {
      runningRule(`validation of "${prefix}${rule.field}"`);
      failing = Boolean(compileLogic(rule.when)(data, context));
      if (failing && rule.params) {
        params = Object.fromEntries(Object.entries(rule.params).map(([k, v]) => [k, compileLogic(v)(data, context)]));
      }
    } catch (error) {
      if (isBudgetError(error)) throw error;
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
}
