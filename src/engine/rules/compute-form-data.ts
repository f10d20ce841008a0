import type { CompiledModule, FormData, ModuleRuntime, RuleContext } from '../types';
import { createRuntime } from './create-runtime';
import { withBudget } from './step-budget';

/** One runtime per compiled module (a 1000-item list must not build 1000 of them). */
const runtimes = new WeakMap<CompiledModule, ModuleRuntime>();

function runtimeOf(module: CompiledModule): ModuleRuntime {
  let runtime = runtimes.get(module);
  if (!runtime) {
    runtime = createRuntime(module);
    runtimes.set(module, runtime);
  }
  return runtime;
}

/**
 * Recompute every computed field of a whole form: each item of each sub-form field first
 * (with the form as `$parent`), then the form's own computed fields. The server stores what
 * this returns, so totals never depend on what a client claimed. One step budget covers the
 * whole form (items included).
 */
export function computeFormData(module: CompiledModule, data: FormData, context: RuleContext = {}): FormData {
  return withBudget(() => computeAll(module, data, context));
}

function computeAll(module: CompiledModule, data: FormData, context: RuleContext): FormData {
  const out: FormData = { ...data };
  for (const { field, form } of module.meta.subForms) {
    const sub = module.subForms[form];
    if (!sub || !Array.isArray(out[field])) continue;
    const itemContext = { ...context, parent: { ...out } };
    out[field] = (out[field] as unknown[]).map((item) =>
      item && typeof item === 'object' ? computeAll(sub, item as FormData, itemContext) : item,
    );
  }
  return runtimeOf(module).computeAll(out, context);
}
