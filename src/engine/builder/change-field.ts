import type { ModuleSource } from '../definitions/module-source';
import { collectVars } from '../rules/collect-vars';
import { refuseSpec, writeField } from './add-field';
import type { BuilderResult, FieldSpec } from './field-spec';
import { readCondition } from './conditions';
import { fieldUses, type RuleUse } from './field-usage';
import { deleteText, detailSections, partsOf, type Parts } from './source-parts';
import { BUILDER_LANGS } from './texts';

/** Removes every own part of the fields `names` (no usage check). */
function stripFields(parts: Parts, names: string[]): void {
  const code = parts.source.code;
  for (const name of names) {
    const ui = parts.ui[name] as { 'ui:options'?: { documentType?: string } } | undefined;
    delete parts.properties[name];
    delete parts.ui[name];
    if (parts.rules.visibility) delete parts.rules.visibility[name];
    // An attachment kind no other uploader uses goes with its last field.
    const kind = ui?.['ui:options']?.documentType;
    if (kind && parts.source.attachments && !JSON.stringify(parts.ui).includes(`"documentType":"${kind}"`)) {
      delete parts.source.attachments[kind];
      if (Object.keys(parts.source.attachments).length === 0) parts.source.attachments = null;
    }
    for (const lang of BUILDER_LANGS) deleteText(parts.locale(lang), [name]);
  }
  const keep = (n: string) => !names.includes(n);
  parts.order.splice(0, parts.order.length, ...parts.order.filter(keep));
  for (const section of detailSections(parts.ui)) section.fields.splice(0, section.fields.length, ...section.fields.filter(keep));
  const meta = parts.ui['ui:module'] as { listCard?: { summary?: Array<{ field: string }> } } | undefined;
  if (meta?.listCard?.summary) meta.listCard.summary = meta.listCard.summary.filter((line) => keep(line.field));
  // Their own validations (and the messages only those used) go too.
  const own = (parts.rules.validations ?? []).filter((rule) => 'when' in rule && names.includes(rule.field) && collectVars(rule.when).every((v) => names.includes(v.path.split('.')[0])));
  if (parts.rules.validations) parts.rules.validations = parts.rules.validations.filter((rule) => !own.includes(rule));
  const stillUsed = JSON.stringify(parts.rules);
  for (const rule of own) {
    const message = 'message' in rule ? rule.message : '';
    if (!message.startsWith(`${code}.messages.`) || stillUsed.includes(`"${message}"`)) continue;
    for (const lang of BUILDER_LANGS) deleteText(parts.locale(lang), message.split('.').slice(1));
  }
}

/** The fields a builder field stands for: `name`, or a date range's `<name>_start`/`_end`. */
export function fieldGroup(source: ModuleSource, name: string): string[] {
  const props = (source.schema as { properties?: Record<string, unknown> }).properties ?? {};
  if (props[name]) return [name];
  const range = [`${name}_start`, `${name}_end`];
  return range.every((n) => props[n]) ? range : [];
}

/** The refusal naming the first rule that uses a field. */
const usedBy = (name: string, use: RuleUse) => ({ refused: 'usedBy', values: { name, kind: use.kind, n: use.n, about: use.about, ...(use.form ? { form: use.form } : {}) } });

/**
 * Deletes a field with all its parts (schema, UI entry and order, cards, own validations and
 * messages, visibility, texts in en/ja/zh, an attachment kind only it used). Refused while
 * another rule reads or writes it — a rule, a route step's condition, or a computed value of the
 * `others` forms edited with it (its item sub-forms, its parent): the refusal names the first.
 */
export function removeField(source: ModuleSource, name: string, others: readonly ModuleSource[] = []): BuilderResult<ModuleSource> {
  const names = fieldGroup(source, name);
  if (!names.length) return { refused: 'unknown', values: { name } };
  const used = fieldUses(source, names, others);
  if (used.length) return usedBy(name, used[0]);
  const parts = partsOf(source);
  stripFields(parts, names);
  return { source: parts.source };
}

/** Moves a field (a date range: both halves) in the form order and the detail card: after `after`, or first for null. */
export function moveField(source: ModuleSource, name: string, after: string | null): BuilderResult<ModuleSource> {
  const names = fieldGroup(source, name);
  if (!names.length) return { refused: 'unknown', values: { name } };
  if (after !== null && names.includes(after)) return { source };
  const parts = partsOf(source);
  const place = (list: string[], fallback: boolean) => {
    const rest = list.filter((n) => !names.includes(n));
    const found = after === null ? 0 : rest.indexOf(after) + 1;
    if (found === 0 && after !== null && !fallback) return false;
    rest.splice(found === 0 && after !== null ? rest.length : found, 0, ...names);
    list.splice(0, list.length, ...rest);
    return true;
  };
  place(parts.order, true);
  const sections = detailSections(parts.ui);
  const home = sections.find((s) => names.some((n) => s.fields.includes(n)));
  const target = after === null ? sections[0] : sections.find((s) => s.fields.includes(after));
  if (home && target && target !== home) {
    home.fields.splice(0, home.fields.length, ...home.fields.filter((n) => !names.includes(n)));
    target.fields.push(...names);
  }
  if (home && target) place(target.fields, false);
  return { source: parts.source };
}

/**
 * Replaces a field by a new statement of it (name, type, limits, texts, required, visibility),
 * keeping its place and every other rule that uses it (a rename is refused while one does).
 */
export function editField(source: ModuleSource, name: string, spec: FieldSpec, others: readonly ModuleSource[] = []): BuilderResult<ModuleSource> {
  const names = fieldGroup(source, name);
  if (!names.length) return { refused: 'unknown', values: { name } };
  const refused = refuseSpec(source, spec, names);
  if (refused) return refused;
  if (spec.name !== name || (spec.type === 'dateRange') !== (names.length === 2)) {
    const used = fieldUses(source, names, others);
    if (used.length) return usedBy(name, used[0]);
  }
  const parts = partsOf(source);
  const index = parts.order.indexOf(names[0]);
  const after = spec.after !== undefined ? spec.after : index > 0 ? parts.order[index - 1] : null;
  // A visibility condition the builder's form cannot show (hand-written) was not offered to change: it stays.
  const kept = names.map((n) => [n, parts.rules.visibility?.[n]] as const).filter(([, logic]) => logic !== undefined && readCondition(logic) === null);
  stripFields(parts, names);
  writeField(parts, { ...spec, after: after !== null && names.includes(after) ? null : after });
  if (!spec.visibleWhen && spec.name === name) for (const [n, logic] of kept) (parts.rules.visibility ??= {})[n] = logic!;
  return { source: parts.source };
}
