import type { AffectedRules, ChangedPath, CompiledModule, ComputedRule, DerivedState, FormData, LabelRule, Logic, ModuleRuntime, RuleContext } from '../types';
import { evaluate } from './evaluate';
import { anyTouched, ruleReads, type ReadPath } from './dependency-graph';
import { deepEqual } from './deep-equal';
import { validateRules } from './validate-rules';
import { evaluateLabels } from './evaluate-labels';
import { evaluateSubmitEnabled } from './evaluate-submit-enabled';
import { applyComputed } from './apply-computed';
import { runningRule, withBudget } from './step-budget';

/** Reads of a list of expressions, joined. */
const readsOf = (...logic: Logic[]): ReadPath[] => logic.flatMap((l) => ruleReads(l));

/** Top-level fields whose values differ (what changed when the caller does not say). */
function topLevelChanges(prev: FormData, next: FormData): ChangedPath[] {
  return Object.keys({ ...prev, ...next })
    .filter((k) => !deepEqual(prev[k], next[k]))
    .map((k) => [k]);
}

function sameRecord<T>(a: Record<string, T>, b: Record<string, T>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/**
 * The rule evaluators of one compiled module, with its dependency graph: every rule's reads are
 * collected once here (`ruleReads`: paths such as `rows.*.price`, `rows.#`), so a change runs
 * only effects whose `on` field it touches and computed fields whose reads it touches (effects
 * first, then computed in file order; a computed field that changes counts as a change for later
 * rules), and `derive` re-judges only the visibility, label and submit rules it touches.
 * Visibility fails open (a broken rule shows the field); validation fails closed; a computed
 * rule that throws leaves its field as it was. Each call runs under one step budget
 * (`step-budget.ts`): once a rule spends it, the rules after it fail fast the same way.
 */
export function createRuntime(module: CompiledModule): ModuleRuntime {
  const effects = (module.rules.effects ?? []).map((effect) => ({ effect, reads: [effect.on.split('.')] as ReadPath[] }));
  const computed = (module.rules.computed ?? []).map((rule) => ({ rule, reads: ruleReads(rule.value) }));
  const visibilityRules = Object.entries(module.rules.visibility ?? {}).map(([field, condition]) => ({ field, condition, reads: ruleReads(condition) }));
  const labelRules = Object.entries(module.rules.labels ?? {}).map(([field, rules]: [string, LabelRule[]]) => ({
    field,
    rules,
    reads: readsOf(...rules.map((rule) => rule.when)),
  }));
  const submitRule = module.rules.submitEnabled;
  const submitReads = submitRule ? ruleReads(submitRule.if) : [];

  function compute(data: FormData, rule: ComputedRule, context: RuleContext): boolean {
    try {
      runningRule('computed', rule.field);
      const value = evaluate(rule.value, data, context);
      if (deepEqual(value, data[rule.field])) return false;
      data[rule.field] = value;
      return true;
    } catch {
      return false;
    }
  }

  function visible(condition: Logic, data: FormData, context: RuleContext): boolean {
    try {
      return Boolean(evaluate(condition, data, context));
    } catch {
      return true;
    }
  }

  function update(prev: FormData, next: FormData, changes: ChangedPath[] | null, context: RuleContext = {}) {
    return withBudget(() => updateWithin(prev, next, changes, context));
  }

  function updateWithin(prev: FormData, next: FormData, changes: ChangedPath[] | null, context: RuleContext) {
    const data: FormData = { ...next };
    const changed: ChangedPath[] = changes ? [...changes] : topLevelChanges(prev, next);
    if (changed.length === 0) return { data, changed };
    for (const { effect, reads } of effects) {
      if (!anyTouched(reads, changed)) continue;
      try {
        if (effect.if !== undefined && !evaluate(effect.if, data, context)) continue;
        for (const [field, value] of Object.entries(effect.set)) {
          const result = evaluate(value, data, context);
          if (!deepEqual(result, data[field])) changed.push([field]);
          data[field] = result;
        }
      } catch {
        // An effect that cannot be evaluated changes nothing.
      }
    }
    for (const { rule, reads } of computed) {
      if (anyTouched(reads, changed) && compute(data, rule, context)) changed.push([rule.field]);
    }
    return { data, changed };
  }

  return {
    module,
    visibility: (data, context = {}) => withBudget(() => {
      const result: Record<string, boolean> = {};
      for (const { field, condition } of visibilityRules) result[field] = visible(condition, data, context);
      return result;
    }),
    labels: (data, context = {}) => withBudget(() => evaluateLabels(module.rules.labels, data, context)),
    submitEnabled: (data, context = {}) => withBudget(() => evaluateSubmitEnabled(submitRule, data, context)),
    applyChange(prev, next, context = {}) {
      return update(prev, next, null, context).data;
    },
    update,
    derive: (previous, data, changed, context = {}): DerivedState => withBudget(() => {
      const all = previous === null || changed === null;
      let visibility = previous?.visibility ?? {};
      const nextVisibility: Record<string, boolean> = { ...visibility };
      for (const { field, condition, reads } of visibilityRules) {
        if (all || anyTouched(reads, changed)) nextVisibility[field] = visible(condition, data, context);
      }
      if (all || !sameRecord(visibility, nextVisibility)) visibility = nextVisibility;
      let labels = previous?.labels ?? {};
      const touchedLabels = labelRules.filter(({ reads }) => all || anyTouched(reads, changed));
      if (touchedLabels.length > 0) {
        const nextLabels: Record<string, string> = { ...labels };
        const chosen = evaluateLabels(Object.fromEntries(touchedLabels.map(({ field, rules }) => [field, rules])), data, context);
        for (const { field } of touchedLabels) {
          if (chosen[field]) nextLabels[field] = chosen[field];
          else delete nextLabels[field];
        }
        if (all || !sameRecord(labels, nextLabels)) labels = nextLabels;
      }
      const submitEnabled = all || anyTouched(submitReads, changed) ? evaluateSubmitEnabled(submitRule, data, context) : (previous?.submitEnabled ?? true);
      if (previous && visibility === previous.visibility && labels === previous.labels && submitEnabled === previous.submitEnabled) return previous;
      return { visibility, labels, submitEnabled };
    }),
    affected(changes): AffectedRules {
      return {
        effects: effects.filter(({ reads }) => anyTouched(reads, changes)).map(({ effect }) => effect.on),
        computed: computed.filter(({ reads }) => anyTouched(reads, changes)).map(({ rule }) => rule.field),
        visibility: visibilityRules.filter(({ reads }) => anyTouched(reads, changes)).map(({ field }) => field),
        labels: labelRules.filter(({ reads }) => anyTouched(reads, changes)).map(({ field }) => field),
        submitEnabled: Boolean(submitRule) && anyTouched(submitReads, changes),
      };
    },
    computeAll: (data, context = {}) => withBudget(() => {
      const out: FormData = { ...data };
      applyComputed(module.rules.computed ?? [], out, context);
      return out;
    }),
    validate(data, context, t) {
      return validateRules(module, data, context, t);
    },
  };
}
