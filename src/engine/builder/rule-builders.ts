import type { ModuleSource } from '../definitions/module-source';
import type { Logic, ValidationRule } from '../types';
import { conditionFields, conditionLogic, type Condition } from './conditions';
import type { BuilderResult } from './field-spec';
import { keyOf, partsOf, setText } from './source-parts';
import { BUILDER_LANGS, complete, type Texts } from './texts';

const fieldsOf = (source: ModuleSource) => Object.keys((source.schema as { properties?: object }).properties ?? {});
const MESSAGE_NAME = /^[a-z][A-Za-z0-9_]*$/;

/** A validation as the builder states it: the field it marks, when it fails, its message. */
export interface ValidationSpec {
  field: string;
  /** The failing condition. */
  when: Condition;
  /** The message key's last part (`<code>.messages.<name>`) and its text in every language. */
  name: string;
  messages: Texts;
  /** Place in the ordered list (0-based; absent = last). */
  index?: number;
}

/** Refuses a condition over fields the module does not have. */
function unknownField(source: ModuleSource, fields: string[]): BuilderResult<never> | null {
  const known = fieldsOf(source);
  const missing = fields.find((f) => !known.includes(f));
  return missing ? { refused: 'unknown', values: { name: missing } } : null;
}

/** Adds an ordered validation with its message in en/ja/zh (`<code>.messages.<name>`). */
export function addValidation(source: ModuleSource, spec: ValidationSpec): BuilderResult<ModuleSource> {
  const refused = unknownField(source, [spec.field, ...conditionFields(spec.when)]);
  if (refused) return refused;
  if (!MESSAGE_NAME.test(spec.name)) return { refused: 'messageName', values: { name: spec.name } };
  if (!complete(spec.messages)) return { refused: 'messages' };
  const parts = partsOf(source);
  const message = keyOf(source.code, 'messages', spec.name);
  if (JSON.stringify(parts.rules).includes(`"${message}"`)) return { refused: 'messageExists', values: { name: spec.name } };
  const list = (parts.rules.validations ??= []);
  list.splice(spec.index ?? list.length, 0, { field: spec.field, when: conditionLogic(spec.when), message });
  for (const lang of BUILDER_LANGS) setText(parts.locale(lang), ['messages', spec.name], spec.messages[lang]);
  return { source: parts.source };
}

/** Moves validation `from` to position `to` (the order is the order messages appear in). */
export function moveValidation(source: ModuleSource, from: number, to: number): BuilderResult<ModuleSource> {
  const list = source.rules.validations ?? [];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return { refused: 'position' };
  const parts = partsOf(source);
  const [rule] = parts.rules.validations!.splice(from, 1);
  parts.rules.validations!.splice(to, 0, rule);
  return { source: parts.source };
}

/** Deletes validation `index` and its messages when nothing else uses them. */
export function removeValidation(source: ModuleSource, index: number): BuilderResult<ModuleSource> {
  const parts = partsOf(source);
  const [rule] = (parts.rules.validations ?? []).splice(index, 1);
  if (!rule) return { refused: 'position' };
  const message = (rule as ValidationRule).message;
  if (message?.startsWith(`${source.code}.messages.`) && !JSON.stringify(parts.rules).includes(`"${message}"`)) {
    for (const lang of BUILDER_LANGS) {
      const messages = parts.locale(lang).messages as Record<string, unknown> | undefined;
      if (messages) delete messages[message.split('.').slice(2).join('.')];
    }
  }
  return { source: parts.source };
}

/** Shows `field` only while `when` holds (replaces its visibility rule); null removes it (always shown). */
export function setVisibility(source: ModuleSource, field: string, when: Condition | null): BuilderResult<ModuleSource> {
  const refused = unknownField(source, [field, ...(when ? conditionFields(when) : [])]);
  if (refused) return refused;
  const parts = partsOf(source);
  if (when) (parts.rules.visibility ??= {})[field] = conditionLogic(when);
  else if (parts.rules.visibility) delete parts.rules.visibility[field];
  return { source: parts.source };
}

/** Clears `fields` (back to their schema defaults) whenever `on` changes. */
export function addClearEffect(source: ModuleSource, on: string, fields: string[]): BuilderResult<ModuleSource> {
  const refused = unknownField(source, [on, ...fields]);
  if (refused) return refused;
  if (!fields.length || fields.includes(on)) return { refused: 'effect' };
  const parts = partsOf(source);
  const set = Object.fromEntries(fields.map((f) => [f, ((parts.properties[f] as { default?: Logic }).default ?? null) as Logic]));
  (parts.rules.effects ??= []).push({ on, set });
  return { source: parts.source };
}

/** A computed value as the builder states it. */
export type ComputedSpec =
  /** The sum of one field of every item of a list, rounded as the form's currency is. */
  | { kind: 'sumItems'; field: string; items: string; itemField: string; currency?: string }
  /** The product of fields (qty × unit price), rounded by the currency when one is given. */
  | { kind: 'product'; field: string; factors: string[]; currency?: string; parentCurrency?: boolean }
  /** Another field rounded as the currency is. */
  | { kind: 'round'; field: string; from: string; currency: string };

/** The json-logic of a computed value. */
export function computedLogic(spec: ComputedSpec): Logic {
  const round = (value: Logic, currency?: string, parent = false): Logic => (currency ? { round_currency: [value, { var: parent ? `$parent.${currency}` : currency }] } : value);
  switch (spec.kind) {
    case 'sumItems': return round({ sum: [{ var: spec.items }, spec.itemField] }, spec.currency);
    case 'product': return round({ '*': spec.factors.map((f) => ({ to_number: [{ var: f }] })) }, spec.currency, spec.parentCurrency);
    case 'round': return round({ to_number: [{ var: spec.from }] }, spec.currency);
  }
}

/** Makes `spec.field` computed (replacing an earlier computed rule of it); the field becomes read-only. */
export function setComputed(source: ModuleSource, spec: ComputedSpec): BuilderResult<ModuleSource> {
  const reads = spec.kind === 'sumItems' ? [spec.items] : spec.kind === 'product' ? spec.factors : [spec.from];
  const currency = spec.currency && !(spec.kind === 'product' && spec.parentCurrency) ? [spec.currency] : [];
  const refused = unknownField(source, [spec.field, ...reads, ...currency]);
  if (refused) return refused;
  if (reads.includes(spec.field)) return { refused: 'computed' };
  const parts = partsOf(source);
  const list = (parts.rules.computed ??= []).filter((rule) => rule.field !== spec.field);
  list.push({ field: spec.field, value: computedLogic(spec) });
  parts.rules.computed = list;
  parts.ui[spec.field] = { ...(parts.ui[spec.field] as object | undefined), 'ui:readonly': true };
  return { source: parts.source };
}
