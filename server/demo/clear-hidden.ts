import { createRuntime, type CompiledModule, type FormData, type RuleContext } from '../../src/engine';

/**
 * Puts every field the module's visibility rules hide back to its schema default, items (with
 * their parent) included: what the form would not show (another contract type's items, invoice
 * fields of another currency, the treasury's fields) stays as the form leaves it. Changes `data`.
 */
export function clearHidden(module: CompiledModule, data: FormData, context: RuleContext): void {
  const properties = (module.schema.properties ?? {}) as Record<string, { default?: unknown }>;
  for (const [field, shown] of Object.entries(createRuntime(module).visibility(data, context))) {
    if (!shown && !field.includes('.') && field in data) data[field] = structuredClone(properties[field]?.default ?? null);
  }
  for (const { field, form } of module.meta.subForms) {
    const sub = module.subForms[form];
    if (!sub || !Array.isArray(data[field])) continue;
    for (const item of data[field] as unknown[]) {
      if (item && typeof item === 'object') clearHidden(sub, item as FormData, { ...context, parent: data });
    }
  }
}
