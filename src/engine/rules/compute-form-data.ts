import type { CompiledModule, FormData, RuleContext } from '../types';
import { applyComputed } from './apply-computed';
import { withBudget } from './step-budget';

/**
 * Recompute every computed field of a whole form: each item of each sub-form field first
 * (with the form as `$parent`), then the form's own computed fields. The server stores what
 * this returns, so totals never depend on what a client claimed. One step budget covers the
 * whole form (items included). Each level (the form, each item) is copied once and computed in
 * place (`applyComputed`, the runtime's `computeAll` rules); the input is never changed.
 */
export function computeFormData(module: CompiledModule, data: FormData, context: RuleContext = {}): FormData {
  return computeFormDataWithChanges(module, data, context).data;
}

/**
 * `computeFormData`, also saying whether any computed field got a value other than the one the
 * data had (`changed: false`: the result holds exactly the input's values, so a schema check the
 * input passed need not run again on it).
 */
export function computeFormDataWithChanges(module: CompiledModule, data: FormData, context: RuleContext = {}): { data: FormData; changed: boolean } {
  return withBudget(() => {
    const changes = { any: false };
    return { data: computeAll(module, data, context, changes), changed: changes.any };
  });
}

function computeAll(module: CompiledModule, data: FormData, context: RuleContext, changes: { any: boolean }): FormData {
  const out: FormData = { ...data };
  for (const { field, form } of module.meta.subForms) {
    const sub = module.subForms[form];
    if (!sub || !Array.isArray(out[field])) continue;
    const itemContext = { ...context, parent: { ...out } };
    out[field] = (out[field] as unknown[]).map((item) =>
      item && typeof item === 'object' ? computeAll(sub, item as FormData, itemContext, changes) : item,
    );
  }
  // `out` is this level's own copy: computed in place (one copy per item, not one per step).
  if (applyComputed(module.rules.computed ?? [], out, context)) changes.any = true;
  return out;
}
