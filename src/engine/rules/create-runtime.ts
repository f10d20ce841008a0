import type { CompiledModule, ComputedRule, FormData, ModuleRuntime, RuleContext } from '../types';
import { evaluate } from './evaluate';
import { activeContext } from './active-context';
import { compileLogic } from './compile-logic';
import { topLevelVars } from './collect-vars';
import { deepEqual } from './deep-equal';
import { validateRules } from './validate-rules';
import { evaluateLabels } from './evaluate-labels';
import { evaluateSubmitEnabled } from './evaluate-submit-enabled';

/** Vars that come from outside the data: a rule reading them is re-evaluated on every change. */
const EXTERNAL = new Set(['$parent', '$context']);

/**
 * The rule evaluators of one compiled module. Each rule's vars are collected once here, so
 * `applyChange` re-evaluates only effects whose `on` field changed and computed fields whose
 * vars changed (effects first, then computed in file order; a computed field that changes
 * counts as changed for later rules). Visibility fails open (a broken rule shows the field);
 * validation fails closed; a computed rule that throws leaves its field as it was.
 */
export function createRuntime(module: CompiledModule): ModuleRuntime {
  const effects = module.rules.effects ?? [];
  const computed = (module.rules.computed ?? []).map((rule) => ({ rule, vars: topLevelVars(rule.value) }));

  function compute(data: FormData, rule: ComputedRule, context: RuleContext): boolean {
    try {
      const value = evaluate(rule.value, data, context);
      if (deepEqual(value, data[rule.field])) return false;
      data[rule.field] = value;
      return true;
    } catch {
      return false;
    }
  }

  return {
    module,
    visibility(data, context = {}) {
      const result: Record<string, boolean> = {};
      for (const [field, condition] of Object.entries(module.rules.visibility ?? {})) {
        try {
          result[field] = Boolean(evaluate(condition, data, context));
        } catch {
          result[field] = true;
        }
      }
      return result;
    },
    labels(data, context = {}) {
      return evaluateLabels(module.rules.labels, data, context);
    },
    submitEnabled(data, context = {}) {
      return evaluateSubmitEnabled(module.rules.submitEnabled, data, context);
    },
    applyChange(prev, next, context = {}) {
      const data: FormData = { ...next };
      const changed = new Set(Object.keys({ ...prev, ...next }).filter((k) => !deepEqual(prev[k], next[k])));
      if (changed.size === 0) return data;
      for (const effect of effects) {
        if (!changed.has(effect.on)) continue;
        try {
          if (effect.if !== undefined && !evaluate(effect.if, data, context)) continue;
          for (const [field, value] of Object.entries(effect.set)) {
            const result = evaluate(value, data, context);
            if (!deepEqual(result, data[field])) changed.add(field);
            data[field] = result;
          }
        } catch {
          // An effect that cannot be evaluated changes nothing.
        }
      }
      for (const { rule, vars } of computed) {
        const touched = [...vars].some((v) => changed.has(v) || EXTERNAL.has(v));
        if (touched && compute(data, rule, context)) changed.add(rule.field);
      }
      return data;
    },
    computeAll(data, context = {}) {
      const out: FormData = { ...data };
      if (computed.length === 0) return out;
      const previous = activeContext.current;
      activeContext.current = context;
      try {
        for (const { rule } of computed) {
          try {
            const value = compileLogic(rule.value)(out, context);
            if (!deepEqual(value, out[rule.field])) out[rule.field] = value;
          } catch {
            // A computed rule that throws leaves its field as it was.
          }
        }
      } finally {
        activeContext.current = previous;
      }
      return out;
    },
    validate(data, context, t) {
      return validateRules(module, data, context, t);
    },
  };
}
