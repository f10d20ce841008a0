import type { ModuleSource } from '../definitions/module-source';
import type { JsonSchema, Logic, ValidationRule } from '../types';
import { conditionLogic } from './conditions';
import type { BuilderResult, FieldSpec } from './field-spec';
import { SERVER_PICKERS, TYPE_LIMITS, TYPE_WIDGETS } from './field-types';
import { detailSections, keyOf, partsOf, plainValidations, setText, type Parts } from './source-parts';
import { BUILDER_LANGS, FIELD_NAME, complete } from './texts';
import { patternShapeProblem } from './text-patterns';

/** The data names a spec writes (a date range writes two). */
export function specNames(spec: Pick<FieldSpec, 'name' | 'type'>): string[] {
  return spec.type === 'dateRange' ? [`${spec.name}_start`, `${spec.name}_end`] : [spec.name];
}

/** Key (under `<code>.messages`) of a field's required message. */
export const requiredKey = (name: string) => `${name}_required`;
/** Key (under `<code>.messages`) of a date range's end-before-start message. */
export const rangeKey = (name: string) => `${name}_range`;

const RANGE_SUFFIX = { en: [' (from)', ' (to)'], ja: ['（開始）', '（終了）'], zh: ['（开始）', '（结束）'] } as const;

function schemaOf(spec: FieldSpec): JsonSchema {
  switch (spec.type) {
    case 'text':
    case 'longText':
      return { type: ['string', 'null'], default: null, ...(spec.maxLength ? { maxLength: spec.maxLength } : {}), ...(spec.pattern ? { pattern: spec.pattern } : {}) };
    case 'number':
    case 'money':
      return {
        type: ['number', 'null'], default: null,
        ...(spec.minimum !== undefined ? { minimum: spec.minimum } : {}), ...(spec.maximum !== undefined ? { maximum: spec.maximum } : {}),
      };
    case 'date':
    case 'dateRange':
      return { type: ['string', 'null'], default: null };
    case 'select':
      return { type: ['string', 'null'], default: null, enum: [...(spec.options ?? []).map((o) => o.value), null] };
    case 'multiSelect':
      return { type: 'array', default: [], uniqueItems: true, items: { type: 'string', enum: (spec.options ?? []).map((o) => o.value) } };
    case 'checkbox':
      return { type: 'boolean', default: false };
    case 'picker':
      return { type: ['integer', 'null'], default: null };
    case 'upload':
      return { type: 'array', default: [], maxItems: spec.upload?.maxFiles ?? 1, items: { type: 'integer' } };
  }
}

/** The failing condition of "required" for a type (a checkbox must be ticked, a date be a date). */
function requiredWhen(spec: FieldSpec, name: string): Logic {
  if (spec.type === 'checkbox') return { '!=': [{ var: name }, true] };
  if (spec.type === 'date' || spec.type === 'dateRange') return { '!': [{ valid_date: [{ var: name }] }] };
  return { blank: [{ var: name }] };
}

/** Checks a spec before anything is written; a refusal names the first thing missing. */
export function refuseSpec(source: ModuleSource, spec: FieldSpec, replacing: string[] = []): BuilderResult<never> | null {
  if (!FIELD_NAME.test(spec.name)) return { refused: 'name', values: { name: spec.name } };
  const taken = Object.keys((source.schema as { properties?: object }).properties ?? {}).filter((n) => !replacing.includes(n));
  const clash = specNames(spec).find((n) => taken.includes(n));
  if (clash) return { refused: 'exists', values: { name: clash } };
  if (!complete(spec.labels)) return { refused: 'labels' };
  if (spec.required && !complete(spec.requiredMessages)) return { refused: 'requiredMessages' };
  if (spec.type === 'dateRange' && !complete(spec.rangeMessages)) return { refused: 'rangeMessages' };
  const limits = TYPE_LIMITS[spec.type];
  if ((spec.maxLength !== undefined && (!limits.maxLength || !(spec.maxLength > 0))) ) return { refused: 'maxLength' };
  if (spec.pattern !== undefined) {
    if (!limits.pattern) return { refused: 'patternType' };
    // RE2's verdict is the dialog's and the checker's (pattern-problem.ts): the builder stays free of the RE2 port.
    const problem = patternShapeProblem(spec.pattern);
    if (problem) return { refused: 'pattern', values: { reason: problem } };
    if (!complete(spec.patternMessages)) return { refused: 'patternMessages' };
  }
  if ((spec.minimum !== undefined || spec.maximum !== undefined) && !limits.minMax) return { refused: 'minMax' };
  if (spec.minimum !== undefined && spec.maximum !== undefined && spec.minimum > spec.maximum) return { refused: 'minMax' };
  if (limits.options && (!spec.options?.length || spec.options.some((o) => !/^[a-z0-9_-]+$/.test(o.value) || !complete(o.labels)))) return { refused: 'options' };
  if (limits.picker && !SERVER_PICKERS.includes(spec.picker ?? '')) return { refused: 'picker' };
  if (limits.upload && (!spec.upload || !/^[a-z][a-z0-9-]*$/.test(spec.upload.documentType) || !spec.upload.accept.length || !(spec.upload.maxFiles >= 1))) return { refused: 'upload' };
  if (spec.after && !(source.uiSchema['ui:order'] as string[] | undefined ?? []).includes(spec.after) && !taken.includes(spec.after)) return { refused: 'after', values: { name: spec.after } };
  return null;
}

/** Index in `validations` where a rule of the field at `position` in the form order belongs. */
function validationSlot(parts: Parts, position: number): number {
  let slot = 0;
  for (const { rule, index } of plainValidations(parts.rules)) {
    const at = parts.order.indexOf(rule.field ?? '');
    if (at !== -1 && at < position) slot = index + 1;
  }
  return slot;
}

/** Writes `spec` into `parts` (no checks). */
export function writeField(parts: Parts, spec: FieldSpec): void {
  const code = parts.source.code;
  const names = specNames(spec);
  // Position: after `after`, first for null, else before the wrapper fields / at the end.
  let position = spec.after === null ? 0 : spec.after ? parts.order.indexOf(spec.after) + 1 : parts.order.length;
  if (spec.after === undefined) {
    const wrapper = parts.order.findIndex((n) => ['save_approvers', 'send_notification_first_approval', 'approvals', 'bypass', '*'].includes(n));
    if (wrapper !== -1) position = wrapper;
  }
  parts.order.splice(position, 0, ...names);
  const sections = detailSections(parts.ui);
  if (sections.length) {
    const inSection = sections.find((s) => spec.after && s.fields.includes(spec.after)) ?? sections[0];
    const at = spec.after ? inSection.fields.indexOf(spec.after) + 1 : spec.after === null ? 0 : inSection.fields.length;
    inSection.fields.splice(at < 0 ? inSection.fields.length : at, 0, ...names);
  }

  for (const [i, name] of names.entries()) {
    parts.properties[name] = schemaOf(spec);
    const options: Record<string, unknown> = {};
    if (spec.type === 'upload' && spec.upload) Object.assign(options, { documentType: spec.upload.documentType, maxFiles: spec.upload.maxFiles });
    parts.ui[name] = {
      'ui:widget': spec.type === 'picker' ? spec.picker : TYPE_WIDGETS[spec.type],
      ...(Object.keys(options).length ? { 'ui:options': options } : {}),
      ...(spec.help ? { 'ui:help': keyOf(code, name, 'help') } : {}),
    };
    for (const lang of BUILDER_LANGS) {
      const file = parts.locale(lang);
      const label = spec.type === 'dateRange' ? `${spec.labels[lang]}${RANGE_SUFFIX[lang][i]}` : spec.labels[lang];
      setText(file, [name, 'label'], label);
      if (spec.help) setText(file, [name, 'help'], spec.help[lang]);
      // The pattern's message sits beside the label: the schema check names it by the field (ajvViolations).
      if (spec.pattern) setText(file, [name, 'pattern'], spec.patternMessages![lang]);
      for (const option of spec.options ?? []) setText(file, [name, 'options', option.value], option.labels[lang]);
    }
    if (spec.visibleWhen) (parts.rules.visibility ??= {})[name] = conditionLogic(spec.visibleWhen);
  }

  const added: ValidationRule[] = [];
  if (spec.required) {
    for (const name of names) added.push({ field: name, when: requiredWhen(spec, name), message: keyOf(code, 'messages', requiredKey(spec.name)) });
    for (const lang of BUILDER_LANGS) setText(parts.locale(lang), ['messages', requiredKey(spec.name)], spec.requiredMessages![lang]);
  }
  if (spec.type === 'dateRange') {
    added.push({ field: names[1], when: { date_before: [{ var: names[1] }, { var: names[0] }] }, message: keyOf(code, 'messages', rangeKey(spec.name)) });
    for (const lang of BUILDER_LANGS) setText(parts.locale(lang), ['messages', rangeKey(spec.name)], spec.rangeMessages![lang]);
  }
  if (added.length) (parts.rules.validations ??= []).splice(validationSlot(parts, parts.order.indexOf(names[0])), 0, ...added);

  if (spec.type === 'upload' && spec.upload) {
    const kinds = (parts.source.attachments ??= {});
    kinds[spec.upload.documentType] ??= { accept: spec.upload.accept, maxFiles: spec.upload.maxFiles, maxBytes: spec.upload.maxBytes ?? 10 * 1024 * 1024 };
  }
}

/**
 * Adds a field to a module source in every part at once: its schema property (type, limits),
 * its UI entry (widget, help) and place in `ui:order` and the detail card, its required check
 * as an ordered validation placed with the fields around it, its visibility condition, its
 * label, help, options and messages in en, ja and zh, and an upload's attachment kind.
 */
export function addField(source: ModuleSource, spec: FieldSpec): BuilderResult<ModuleSource> {
  const refused = refuseSpec(source, spec);
  if (refused) return refused;
  const parts = partsOf(source);
  writeField(parts, spec);
  return { source: parts.source };
}
