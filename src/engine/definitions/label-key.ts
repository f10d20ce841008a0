import type { CompiledModule } from '../types';

/**
 * The translation key of a field's label: the UI schema's `ui:labelKey` when given, else
 * `<code>.<field>.label`. `path` is a dot path (`purchase_goods.0.qty`); a path into an item
 * of a sub-form field resolves in the sub-form (`purchase-goods.qty.label`).
 */
export function labelKey(module: CompiledModule, path: string): string {
  const parts = path.split('.').filter((p) => p !== '' && !/^\d+$/.test(p));
  const ref = module.meta.subForms.find((s) => s.field === parts[0]);
  if (ref && parts.length > 1 && module.subForms[ref.form]) return labelKey(module.subForms[ref.form], parts.slice(1).join('.'));
  let ui: unknown = module.uiSchema;
  for (const part of parts) {
    const node = ui && typeof ui === 'object' ? (ui as Record<string, unknown>) : undefined;
    ui = node?.[part] ?? (node?.items as Record<string, unknown> | undefined)?.[part];
  }
  const explicit = ui && typeof ui === 'object' ? (ui as Record<string, unknown>)['ui:labelKey'] : undefined;
  return typeof explicit === 'string' ? explicit : `${module.code}.${parts.join('.')}.label`;
}
