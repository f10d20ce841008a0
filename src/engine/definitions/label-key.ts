import type { CompiledModule } from '../types';

/**
 * The translation key of a field's label: the UI schema's `ui:labelKey` when given, else
 * `<code>.<field>.label` (array indexes dropped). `path` is a dot path (`purchase_goods.0.qty`).
 */
export function labelKey(module: CompiledModule, path: string): string {
  const parts = path.split('.').filter((p) => !/^\d+$/.test(p));
  let ui: unknown = module.uiSchema;
  for (const part of parts) {
    ui = ui && typeof ui === 'object' ? (ui as Record<string, unknown>)[part] ?? (ui as Record<string, unknown>).items : undefined;
  }
  const explicit = ui && typeof ui === 'object' ? (ui as Record<string, unknown>)['ui:labelKey'] : undefined;
  return typeof explicit === 'string' ? explicit : `${module.code}.${parts.join('.')}.label`;
}
