import type { CompiledModule, FormData, RuleContext } from '../types';
import { createRuntime } from './create-runtime';

/**
 * Recompute every computed field of a whole form: each item of each sub-form field first
 * (with the form as `$parent`), then the form's own computed fields. The server stores what
 * this returns, so totals never depend on what a client claimed.
 */
export function computeFormData(module: CompiledModule, data: FormData, context: RuleContext = {}): FormData {
  const out: FormData = { ...data };
  for (const { field, form } of module.meta.subForms) {
    const sub = module.subForms[form];
    if (!sub || !Array.isArray(out[field])) continue;
    const parent = { ...out };
    out[field] = (out[field] as unknown[]).map((item) =>
      item && typeof item === 'object' ? computeFormData(sub, item as FormData, { ...context, parent }) : item,
    );
  }
  return createRuntime(module).computeAll(out, context);
}
