import type { CompiledModule } from '../types';
import { widgetOf, widgetValue } from './widget-values';

/** Written by the workflow's treasury step (spec 000 §4: deal slips), not by a form widget. */
const WORKFLOW_FILE_FIELDS = ['deal_slips'];

function walk(node: unknown, name: string | undefined, out: Set<string>): void {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const ui = node as Record<string, unknown>;
  if (widgetValue(widgetOf(ui))?.value === 'fileRefs' && name) {
    out.add(name);
    const options = ui['ui:options'] as Record<string, unknown> | undefined;
    // The upload link dialog also copies the id into the chosen item's field.
    if (typeof options?.itemField === 'string') out.add(options.itemField);
    if (Array.isArray(options?.itemFields)) options.itemFields.filter((f): f is string => typeof f === 'string').forEach((f) => out.add(f));
  }
  for (const [key, child] of Object.entries(ui)) {
    if (key === 'ui:options') continue;
    walk(child, key === 'items' ? name : key, out);
  }
}

/**
 * Every data key that holds file ids, in any module or sub-form: fields rendered with a widget
 * that stores file references (the widget-value table: `FileUploader`), the item fields its link
 * dialog fills, and the treasury's `deal_slips`. Taken from the definitions, so a new module's uploads count without code.
 */
export function fileFieldNames(modules: Record<string, CompiledModule>): string[] {
  const out = new Set<string>(WORKFLOW_FILE_FIELDS);
  for (const module of Object.values(modules)) {
    walk(module.uiSchema, undefined, out);
    for (const sub of Object.values(module.subForms ?? {})) walk(sub.uiSchema, undefined, out);
  }
  return [...out].sort();
}
