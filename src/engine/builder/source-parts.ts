import type { ModuleSource } from '../definitions/module-source';
import type { JsonSchema, LocaleFile, RulesFile, ValidationRule } from '../types';
import { BUILDER_LANGS } from './texts';

/** Loose views of a source's parts the builder writes into (a copy, never the caller's). */
export interface Parts {
  source: ModuleSource;
  properties: Record<string, JsonSchema>;
  ui: Record<string, unknown>;
  order: string[];
  rules: RulesFile;
  locale(lang: string): LocaleFile & Record<string, unknown>;
}

/** A deep copy of `source` with the containers the builder writes guaranteed to exist. */
export function partsOf(original: ModuleSource): Parts {
  const source = structuredClone(original);
  const schema = source.schema as { properties?: Record<string, JsonSchema> };
  schema.properties ??= {};
  const ui = source.uiSchema as Record<string, unknown>;
  if (!Array.isArray(ui['ui:order'])) ui['ui:order'] = Object.keys(schema.properties);
  source.rules ??= {};
  for (const lang of BUILDER_LANGS) (source.locales as Record<string, unknown>)[lang] ??= {};
  return {
    source,
    properties: schema.properties,
    ui,
    order: ui['ui:order'] as string[],
    rules: source.rules,
    locale: (lang) => (source.locales as unknown as Record<string, LocaleFile & Record<string, unknown>>)[lang],
  };
}

/** The module code's translation key of a field part (`purchase.project_code.label`). */
export const keyOf = (code: string, ...path: string[]) => [code, ...path].join('.');

/** Ordered validations that are plain rules (not `{each}` markers). */
export function plainValidations(rules: RulesFile): Array<{ rule: ValidationRule; index: number }> {
  return (rules.validations ?? []).flatMap((rule, index) => ('when' in rule ? [{ rule: rule as ValidationRule, index }] : []));
}

/** The detail card's field lists (every section), when the module has one. */
export function detailSections(ui: Record<string, unknown>): Array<{ fields: string[] }> {
  const meta = ui['ui:module'] as { detailCard?: { sections?: Array<{ fields?: string[] }> } } | undefined;
  return (meta?.detailCard?.sections ?? []).filter((s): s is { fields: string[] } => Array.isArray(s.fields));
}

/** Sets a nested key of a locale file (`messages.x`), creating the objects on the way. */
export function setText(file: Record<string, unknown>, path: string[], text: string): void {
  let node = file;
  for (const part of path.slice(0, -1)) {
    if (!node[part] || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = text;
}

/** Removes a nested key of a locale file (and objects it leaves empty). */
export function deleteText(file: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path;
  if (!(head in file)) return;
  if (rest.length === 0) {
    delete file[head];
    return;
  }
  const child = file[head];
  if (child && typeof child === 'object') {
    deleteText(child as Record<string, unknown>, rest);
    if (Object.keys(child).length === 0) delete file[head];
  }
}
