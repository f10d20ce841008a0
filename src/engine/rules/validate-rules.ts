import type { CompiledModule, EachItemValidation, FormData, RuleContext, Translate, ValidationRule, Violation } from '../types';
import { activeContext } from './active-context';
import { compileLogic, type CompiledLogic } from './compile-logic';
import { amountViolations, levelCurrency } from './amount-violations';
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
 * Each level's money fields are checked first, as they will be stored (`amountViolations`), in
 * the level's currency (its own, its parent's, else the one found further up: `levelCurrency`).
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

/** One entry of a module's ordered validations, resolved once: a rule with its compiled `when`, or the items of a sub-form list. */
type PlannedValidation =
  | { rule: ValidationRule; when: CompiledLogic; each?: undefined }
  | { each: string; sub: CompiledModule };

/** The plan of each validations list (per list object: a module with other rules gets its own). */
const plans = new WeakMap<object, PlannedValidation[]>();

/**
 * A module's validations in order, each `{each}` marker's sub-form looked up and each rule's
 * `when` compiled once, so judging every item of a 1000-item list does no lookups per item.
 * A marker without a sub-form or list is left out (it validates nothing).
 */
function planOf(module: CompiledModule): PlannedValidation[] {
  const validations = module.rules.validations ?? [];
  let plan = plans.get(validations);
  if (!plan) {
    plan = [];
    for (const entry of validations) {
      if ('each' in entry) {
        const each = (entry as EachItemValidation).each;
        const ref = module.meta.subForms.find((s) => s.field === each);
        const sub = ref ? module.subForms[ref.form] : undefined;
        if (sub) plan.push({ each, sub });
      } else {
        plan.push({ rule: entry, when: compiledOrThrowing(entry.when) });
      }
    }
    plans.set(validations, plan);
  }
  return plan;
}

/** A rule that cannot even be compiled fails when it runs, as one that throws (fail closed). */
function compiledOrThrowing(logic: ValidationRule['when']): CompiledLogic {
  try {
    return compileLogic(logic);
  } catch (error) {
    return () => {
      throw error;
    };
  }
}

function run(module: CompiledModule, data: FormData, context: RuleContext, t: Translate, prefix: string, violations: Violation[], inherited: string | null = null): void {
  const currency = levelCurrency(module, data, context, inherited);
  amountViolations(module, data, currency, t, prefix, violations);
  for (const planned of planOf(module)) {
    if (planned.each !== undefined) {
      const items = data[planned.each];
      if (!Array.isArray(items)) continue;
      const itemContext = { ...context, parent: data };
      for (let i = 0; i < items.length; i += 1) {
        if (!(i in items)) continue; // a hole of a sparse list is skipped, as forEach skips it
        const item = items[i];
        const itemData = item && typeof item === 'object' ? (item as FormData) : {};
        run(planned.sub, itemData, itemContext, t, `${prefix}${planned.each}[${i}].`, violations, currency);
      }
      continue;
    }
    const { rule, when } = planned;
    activeContext.current = context;
    let failing: boolean;
    let params: Record<string, unknown> = {};
    try {
      runningRule('validation', rule.field, prefix);
      failing = Boolean(when(data, context));
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
