import { stableStringify, type ModuleSource } from '../../../engine';

/** One change of meaning between two versions of a module. */
export interface MeaningChange {
  area: 'fields' | 'rules' | 'steps' | 'texts' | 'settings';
  change: 'added' | 'removed' | 'changed';
  /** What changed: a field name, a rule (`validation purchase.messages.x`), a step code, a text (`ja: title`). */
  name: string;
}

type Json = Record<string, unknown>;

function compare(area: MeaningChange['area'], before: Map<string, unknown>, after: Map<string, unknown>, out: MeaningChange[]): void {
  for (const [name, value] of after) {
    if (!before.has(name)) out.push({ area, change: 'added', name });
    else if (stableStringify(before.get(name)) !== stableStringify(value)) out.push({ area, change: 'changed', name });
  }
  for (const name of before.keys()) if (!after.has(name)) out.push({ area, change: 'removed', name });
}

const fields = (s: ModuleSource | null) => {
  const props = ((s?.schema as Json | undefined)?.properties ?? {}) as Json;
  return new Map(Object.keys(props).map((name) => [name, { schema: props[name], ui: (s!.uiSchema as Json)[name] ?? null }]));
};
function rules(s: ModuleSource | null): Map<string, unknown> {
  const map = new Map<string, unknown>();
  const r = (s?.rules ?? {}) as Json;
  ((r.validations ?? []) as Json[]).forEach((v, i) => map.set(v.each ? `each ${String(v.each)}` : `validation ${String(v.message ?? i)}${map.has(`validation ${String(v.message)}`) ? ` #${i + 1}` : ''}`, v));
  for (const [field, logic] of Object.entries((r.visibility ?? {}) as Json)) map.set(`visibility ${field}`, logic);
  ((r.effects ?? []) as Json[]).forEach((e, i) => map.set(`effect ${String(e.on)} #${i + 1}`, e));
  for (const c of (r.computed ?? []) as Json[]) map.set(`computed ${String(c.field)}`, c.value);
  for (const [field, list] of Object.entries((r.labels ?? {}) as Json)) map.set(`label ${field}`, list);
  if (r.submitEnabled) map.set('submitEnabled', r.submitEnabled);
  // The ordered list's order is meaning too (the first failure is the alert).
  map.set('validation order', ((r.validations ?? []) as Json[]).map((v) => v.message ?? v.each));
  return map;
}
const steps = (s: ModuleSource | null) => new Map(((s?.process?.steps ?? []) as unknown as Json[]).map((step, i) => [String(step.code ?? `#${i + 1}`), step]));
function texts(s: ModuleSource | null): Map<string, unknown> {
  const map = new Map<string, unknown>();
  const walk = (lang: string, node: unknown, path: string[]) => {
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node as Json)) walk(lang, v, [...path, k]);
    else map.set(`${lang}: ${path.join('.')}`, node);
  };
  for (const [lang, file] of Object.entries(s?.locales ?? {})) walk(lang, file, []);
  return map;
}
const settings = (s: ModuleSource | null) => new Map<string, unknown>(s ? [
  ['ui:module', (s.uiSchema as Json)['ui:module']], ['ui:order', (s.uiSchema as Json)['ui:order']], ['attachments', s.attachments],
  ['step order', (s.process?.steps ?? []).map((step) => step.code)],
] : []);

/**
 * What a publish changes, by meaning: fields, rules, steps, texts and module settings added,
 * removed or changed. Key order and formatting are ignored (a re-ordered object is no change).
 */
export function meaningDiff(before: ModuleSource | null, after: ModuleSource): MeaningChange[] {
  const out: MeaningChange[] = [];
  compare('fields', fields(before), fields(after), out);
  compare('rules', rules(before), rules(after), out);
  compare('steps', steps(before), steps(after), out);
  compare('texts', texts(before), texts(after), out);
  compare('settings', settings(before), settings(after), out);
  return out;
}
