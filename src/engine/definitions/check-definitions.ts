import Ajv from 'ajv';
import type { CompiledModule, DefinitionFiles, JsonSchema, Logic, Problem, RelatedAs, RulesFile, UiSchema } from '../types';
import { LANGS } from '../types';
import { compileModules, findRefs } from './compile-modules';
import { definitionPath } from './definition-path';
import { labelKey } from './label-key';
import { RULES_META, SCHEMA_FILE_META, UI_SCHEMA_META } from './meta-schemas';
import { collectOperators, collectVars } from '../rules/collect-vars';
import { BUILT_IN_OPERATIONS, CUSTOM_OPERATIONS } from '../rules/operations';
import { hasKey } from '../i18n/has-key';
import { checkParts } from './check-parts';
import { closestNames } from './closest-names';
import { ruleCostProblems } from './rule-cost';
import { checkNames } from './check-names';
import { checkPatterns } from './check-patterns';
import { checkPlainText } from './check-plain-text';
import { widgetOf, widgetValueMismatch } from './widget-values';
import { statisticFactPaths, statisticFactsVersion } from './statistic-facts';
import { parseNumberingFormat } from '../numbering/parse-numbering-format';
import { checkFollowUps } from '../follow-ups/check-follow-ups';

/** Options of `checkDefinitions`. */
export interface CheckOptions {
  /** Every widget and field name the renderer registers (`WIDGET_NAMES`, src/engine/definitions/widget-names.ts). */
  widgetNames: readonly string[];
  /**
   * Position codes a route's approver rules may name (the server passes the organisation's, the
   * CLI the seed's); absent: position names are not checked.
   */
  positions?: readonly string[];
}

type MetaValidators = Record<'schemas' | 'uiSchemas' | 'rules', ReturnType<Ajv['compile']>>;
let metaValidators: MetaValidators | undefined;
/** The statistics-fact table's version the validators were compiled with (a fact registered since: compile again). */
let metaFactsVersion = -1;

/**
 * Compiled on first use, never at import: the browser imports the engine under a CSP without
 * 'unsafe-eval', and Ajv compiles validators with `new Function`.
 */
function getMetaValidators(): MetaValidators {
  if (!metaValidators || metaFactsVersion !== statisticFactsVersion()) {
    metaFactsVersion = statisticFactsVersion();
    const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
    metaValidators = { schemas: ajv.compile(SCHEMA_FILE_META), uiSchemas: ajv.compile(UI_SCHEMA_META), rules: ajv.compile(RULES_META) };
  }
  return metaValidators;
}
/** ` (closest valid names: a, b, c)` for an unknown name, or nothing when there is nothing to suggest. */
function suggest(name: string, valid: Iterable<string>): string {
  const names = closestNames(name, valid);
  return names.length ? ` (closest valid names: ${names.join(', ')})` : '';
}
/** Every path of `statistics.records` (and its per-kind overrides) with its pointer under `statistics`. */
const notAField = (name: string, fields: Iterable<string>) => `"${name}" is not a field of the schema${suggest(name, fields)}`;

const KNOWN_OPERATORS = new Set<string>([...BUILT_IN_OPERATIONS, ...Object.keys(CUSTOM_OPERATIONS)]);
const ptr = (...parts: Array<string | number>) => parts.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

function properties(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return (schema?.properties ?? {}) as Record<string, JsonSchema>;
}

/** Every rule expression of a rules file with its pointer. */
function ruleExpressions(rules: RulesFile): Array<{ logic: Logic; pointer: string }> {
  const out: Array<{ logic: Logic; pointer: string }> = [];
  (rules.validations ?? []).forEach((rule, i) => {
    if ('each' in rule) return;
    out.push({ logic: rule.when, pointer: ptr('validations', i, 'when') });
    for (const [k, v] of Object.entries(rule.params ?? {})) out.push({ logic: v, pointer: ptr('validations', i, 'params', k) });
  });
  for (const [field, logic] of Object.entries(rules.visibility ?? {})) out.push({ logic, pointer: ptr('visibility', field) });
  (rules.effects ?? []).forEach((effect, i) => {
    if (effect.if !== undefined) out.push({ logic: effect.if, pointer: ptr('effects', i, 'if') });
    for (const [k, v] of Object.entries(effect.set ?? {})) out.push({ logic: v, pointer: ptr('effects', i, 'set', k) });
  });
  (rules.computed ?? []).forEach((rule, i) => out.push({ logic: rule.value, pointer: ptr('computed', i, 'value') }));
  for (const [field, list] of Object.entries(rules.labels ?? {})) (Array.isArray(list) ? list : []).forEach((rule, i) => out.push({ logic: rule?.when, pointer: ptr('labels', field, i, 'when') }));
  if (rules.submitEnabled && typeof rules.submitEnabled === 'object') out.push({ logic: rules.submitEnabled.if, pointer: ptr('submitEnabled', 'if') });
  return out;
}

/** Every field a rules file names outside expressions (validation field, effect targets, …). */
function ruleFieldNames(rules: RulesFile): Array<{ field: string; pointer: string }> {
  const out: Array<{ field: string; pointer: string }> = [];
  (rules.validations ?? []).forEach((rule, i) => out.push('each' in rule ? { field: rule.each, pointer: ptr('validations', i, 'each') } : { field: rule.field, pointer: ptr('validations', i, 'field') }));
  for (const field of Object.keys(rules.visibility ?? {})) out.push({ field, pointer: ptr('visibility', field) });
  (rules.effects ?? []).forEach((effect, i) => {
    out.push({ field: effect.on, pointer: ptr('effects', i, 'on') });
    for (const k of Object.keys(effect.set ?? {})) out.push({ field: k, pointer: ptr('effects', i, 'set', k) });
  });
  (rules.computed ?? []).forEach((rule, i) => out.push({ field: rule.field, pointer: ptr('computed', i, 'field') }));
  for (const field of Object.keys(rules.labels ?? {})) out.push({ field, pointer: ptr('labels', field) });
  return out;
}

/** A dotted key with no spaces (`purchase.qty.help`): the renderer translates it, anything else is literal text. */
function looksLikeKey(text: string): boolean {
  return /^[a-z][\w-]*(\.[\w-]+)+$/.test(text);
}

function walkUi(ui: unknown, pointer: string, visit: (key: string, value: unknown, pointer: string) => void): void {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return;
  for (const [key, value] of Object.entries(ui as Record<string, unknown>)) {
    visit(key, value, `${pointer}${ptr(key)}`);
    if (key !== 'ui:module' && key !== 'ui:options') walkUi(value, `${pointer}${ptr(key)}`, visit);
  }
}

/**
 * Check definitions: each file against its meta-schema, then cross-checks — every widget/field
 * name is registered, every `var` and rule field names a field of the schema, every operator
 * exists, sub-form references resolve to sub-forms, `ui:order` matches the schema, and every
 * label, option and message key exists in en, ja and zh (and module namespaces have the same
 * keys in all three). Returns every problem found; an empty list means all is well.
 */
export function checkDefinitions(files: DefinitionFiles, options: CheckOptions): Problem[] {
  return checkAndCompile(files, options).problems;
}

/**
 * `checkDefinitions` that also hands back the modules it compiled on the way, so a caller that
 * needs both (`buildDefinitionSet`) compiles once.
 */
export function checkAndCompile(files: DefinitionFiles, options: CheckOptions): { problems: Problem[]; modules: Record<string, CompiledModule> } {
  const problems: Problem[] = [];
  const widgets = new Set(options.widgetNames);
  const codes = [...new Set([...Object.keys(files.schemas), ...Object.keys(files.uiSchemas), ...Object.keys(files.rules)])].sort();
  checkNames(files, problems);
  checkPatterns(files, problems);
  checkPlainText(files, codes, problems);

  for (const code of codes) {
    for (const kind of ['schemas', 'uiSchemas', 'rules'] as const) {
      const file = definitionPath(files, kind, code);
      const content = files[kind][code];
      if (content === undefined) {
        if (kind !== 'rules') problems.push({ file, pointer: '', message: `missing: module "${code}" has no ${kind} file` });
        continue;
      }
      const validate = getMetaValidators()[kind];
      if (!validate(content)) {
        for (const e of validate.errors ?? []) problems.push({ file, pointer: e.instancePath, message: `${e.message}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}${e.params && 'additionalProperty' in e.params ? ` ("${e.params.additionalProperty}")${suggest(String(e.params.additionalProperty), Object.keys((e.parentSchema as JsonSchema | undefined)?.properties ?? {}))}` : ''}` });
      }
    }
  }
  // Refs to unknown codes or to non-subforms.
  for (const code of Object.keys(files.schemas)) {
    for (const { ref, pointer } of findRefs(files.schemas[code])) {
      const target = files.uiSchemas[ref]?.['ui:module'] as Record<string, unknown> | undefined;
      if (!files.schemas[ref]) problems.push({ file: definitionPath(files, 'schemas', code), pointer, message: `sub-form "${ref}" does not exist` });
      else if (target?.kind !== 'subform') problems.push({ file: definitionPath(files, 'schemas', code), pointer, message: `"${ref}" is not a sub-form (ui:module.kind must be "subform")` });
    }
  }
  const { modules, problems: compileProblems } = compileModules(files);
  problems.push(...compileProblems.filter((p) => !problems.some((q) => q.file === p.file && q.message === p.message)));
  const parentsOf = (code: string) => Object.values(modules).filter((m) => m.meta.subForms.some((s) => s.form === code));

  for (const module of Object.values(modules)) checkModule(module, files, widgets, parentsOf(module.code), problems);
  for (const module of Object.values(modules)) checkRelatedSources(module, files, modules, problems);
  for (const module of Object.values(modules)) checkFollowUps(module, modules, definitionPath(files, 'uiSchemas', module.code), problems);
  checkLauncherGroups(files, modules, problems);
  checkSameKeys(files, modules, problems);
  checkParts(files, modules, problems, { operators: KNOWN_OPERATORS, positions: options.positions });
  return { problems, modules };
}

/**
 * `ui:module.relatedAs` members: each `fields` entry names a field of the form; each `items`
 * entry a member mapped to an item list, its names fields of that list's sub-form; `itemType` a field.
 */
function checkRelatedMembers(module: CompiledModule, related: RelatedAs, fields: Set<string>, uiFile: string, problems: Problem[]): void {
  for (const [member, field] of Object.entries(related.fields ?? {})) {
    if (!fields.has(field)) problems.push({ file: uiFile, pointer: ptr('ui:module', 'relatedAs', 'fields', member), message: notAField(field, fields) });
  }
  for (const [member, itemFields] of Object.entries(related.items ?? {})) {
    const field = related.fields?.[member];
    const form = module.meta.subForms.find((s) => s.field === field)?.form;
    const sub = form && Object.hasOwn(module.subForms, form) ? module.subForms[form] : undefined;
    if (!sub) {
      problems.push({ file: uiFile, pointer: ptr('ui:module', 'relatedAs', 'items', member), message: `"${member}" is not a member mapped to an item list in relatedAs.fields` });
      continue;
    }
    const subFields = new Set(Object.keys(properties(sub.schema)));
    itemFields.forEach((f, i) => { if (!subFields.has(f)) problems.push({ file: uiFile, pointer: ptr('ui:module', 'relatedAs', 'items', member, i), message: notAField(f, subFields) }); });
  }
  if (related.itemType && !fields.has(related.itemType)) problems.push({ file: uiFile, pointer: ptr('ui:module', 'relatedAs', 'itemType'), message: notAField(related.itemType, fields) });
}

function checkModule(module: CompiledModule, files: DefinitionFiles, widgets: Set<string>, parents: CompiledModule[], problems: Problem[]): void {
  const { code } = module;
  const uiFile = definitionPath(files, 'uiSchemas', code);
  const rulesFile = definitionPath(files, 'rules', code);
  const props = properties(module.schema);
  const fields = new Set(Object.keys(props));
  const rawUi = (files.uiSchemas[code] ?? {}) as UiSchema;

  walkUi(rawUi, '', (key, value, pointer) => {
    if ((key === 'ui:widget' || key === 'ui:field') && typeof value === 'string' && !widgets.has(value)) {
      problems.push({ file: uiFile, pointer, message: `unknown ${key === 'ui:widget' ? 'widget' : 'field'} "${value}" (closest valid names: ${closestNames(value, widgets).join(', ')})` });
    }
  });
  // Wrapper fields get engine defaults the module file may not mention: those names must exist too.
  for (const [field, entry] of Object.entries(module.uiSchema)) {
    if (field in rawUi || !entry || typeof entry !== 'object') continue;
    for (const key of ['ui:widget', 'ui:field'] as const) {
      const name = (entry as Record<string, unknown>)[key];
      if (typeof name === 'string' && !widgets.has(name)) problems.push({ file: uiFile, pointer: ptr(field, key), message: `unknown ${key === 'ui:widget' ? 'widget' : 'field'} "${name}" (engine default of "${field}"; closest valid names: ${closestNames(name, widgets).join(', ')})` });
    }
  }
  // The field's schema type holds what its widget stores (the widget-value table).
  for (const [field, entry] of Object.entries(module.uiSchema)) {
    const widget = widgetOf(entry);
    const mismatch = fields.has(field) && widget ? widgetValueMismatch(widget, props[field]) : null;
    if (mismatch) problems.push({ file: uiFile, pointer: ptr(field, (entry as Record<string, unknown>)['ui:widget'] === widget ? 'ui:widget' : 'ui:field'), message: mismatch });
  }
  // Options naming other fields (a picker's dependsOn, an item list's requires/inherit) must name fields.
  walkUi(rawUi, '', (key, value, pointer) => {
    if (key !== 'ui:options' || !value || typeof value !== 'object') return;
    for (const option of ['dependsOn', 'requires', 'inherit']) {
      const names = (value as Record<string, unknown>)[option];
      for (const [i, name] of (Array.isArray(names) ? names : typeof names === 'string' ? [names] : []).entries()) {
        if (typeof name === 'string' && !name.startsWith('$parent.') && !fields.has(name)) problems.push({ file: uiFile, pointer: `${pointer}/${option}/${i}`, message: notAField(name, fields) });
      }
    }
  });
  // Row labels of inline arrays: the only style the renderer knows is "circled" (①②③).
  walkUi(rawUi, '', (key, value, pointer) => {
    const indexLabel = key === 'ui:options' && value && typeof value === 'object' ? (value as Record<string, unknown>).indexLabel : undefined;
    if (indexLabel !== undefined && indexLabel !== 'circled') problems.push({ file: uiFile, pointer: `${pointer}/indexLabel`, message: `indexLabel must be "circled"` });
  });
  for (const key of Object.keys(rawUi)) {
    if (!key.startsWith('ui:') && !fields.has(key)) problems.push({ file: uiFile, pointer: ptr(key), message: notAField(key, fields) });
  }
  const order = rawUi['ui:order'];
  if (Array.isArray(order)) {
    order.forEach((f, i) => { if (f !== '*' && !fields.has(String(f))) problems.push({ file: uiFile, pointer: ptr('ui:order', i), message: notAField(f, fields) }); });
    const finalOrder = (module.uiSchema['ui:order'] ?? []) as string[];
    if (!order.includes('*')) for (const f of fields) if (!finalOrder.includes(f)) problems.push({ file: uiFile, pointer: ptr('ui:order'), message: `field "${f}" is missing from ui:order (add it or "*")` });
  }
  const meta = module.meta;
  // Bypass is a permission: a module offering it names who may use it (and only then).
  if (meta.kind === 'module' && meta.hasBypass && !meta.bypassRoles?.length) problems.push({ file: uiFile, pointer: ptr('ui:module', 'hasBypass'), message: 'hasBypass needs ui:module.bypassRoles (the profile flags that may bypass); without it nobody could' });
  if (meta.kind === 'subform' && meta.allowUrgent) problems.push({ file: uiFile, pointer: ptr('ui:module', 'allowUrgent'), message: 'allowUrgent is a module setting: a sub-form is filed with its parent, whose definition says whether it may be urgent' });
  if (meta.kind === 'subform' && meta.numbering) problems.push({ file: uiFile, pointer: ptr('ui:module', 'numbering'), message: 'numbering is a module setting: a sub-form is filed with its parent, whose definition numbers it' });
  for (const kind of ['application', 'decision'] as const) {
    const rule = meta.numbering?.[kind];
    if (!rule || typeof rule.format !== 'string') continue;
    const parsed = parseNumberingFormat(rule.format);
    if ('problem' in parsed) problems.push({ file: uiFile, pointer: ptr('ui:module', 'numbering', kind, 'format'), message: `the ${kind} number's format "${rule.format}": ${parsed.problem}` });
  }
  if (meta.bypassRoles?.length && !meta.hasBypass) problems.push({ file: uiFile, pointer: ptr('ui:module', 'bypassRoles'), message: 'bypassRoles without hasBypass: the form has no bypass switch' });
  meta.listCard.summary.forEach((line, i) => { if (!fields.has(line.field)) problems.push({ file: uiFile, pointer: ptr('ui:module', 'listCard', 'summary', i, 'field'), message: notAField(line.field, fields) }); });
  meta.detailCard.sections.forEach((s, i) => s.fields.forEach((f, j) => { if (!fields.has(f)) problems.push({ file: uiFile, pointer: ptr('ui:module', 'detailCard', 'sections', i, 'fields', j), message: notAField(f, fields) }); }));
  (Array.isArray(meta.resetKeeps) ? meta.resetKeeps : []).forEach((f, i) => { if (!fields.has(f)) problems.push({ file: uiFile, pointer: ptr('ui:module', 'resetKeeps', i), message: notAField(f, fields) }); });
  // Field names of the related-approval and list-search facts.
  const headOf = (path: string) => path.split(/[.[]/)[0];
  (meta.relatedAs?.search ?? []).forEach((f, i) => { if (!fields.has(headOf(f))) problems.push({ file: uiFile, pointer: ptr('ui:module', 'relatedAs', 'search', i), message: notAField(headOf(f), fields) }); });
  if (meta.relatedAs?.accounts && !fields.has(headOf(meta.relatedAs.accounts))) problems.push({ file: uiFile, pointer: ptr('ui:module', 'relatedAs', 'accounts'), message: notAField(headOf(meta.relatedAs.accounts), fields) });
  if (meta.relatedAs) checkRelatedMembers(module, meta.relatedAs, fields, uiFile, problems);
  (meta.listSearch ?? []).forEach((f, i) => { if (!fields.has(headOf(f))) problems.push({ file: uiFile, pointer: ptr('ui:module', 'listSearch', i), message: notAField(headOf(f), fields) }); });
  // Budgets name the form's fields: the department and the lines from the form; a line's fields from the form when there are no lines.
  if (meta.budget) {
    const b = meta.budget;
    if (meta.kind === 'subform') problems.push({ file: uiFile, pointer: ptr('ui:module', 'budget'), message: 'budget is a module setting: a sub-form is filed with its parent, whose definition reserves its budget' });
    const named: Array<[string | undefined, string]> = [[b.department, 'department'], [b.lines, 'lines'], ...(b.lines ? [] : [[b.expenseAccount, 'expenseAccount'], [b.amount, 'amount']] as Array<[string, string]>)];
    for (const [path, key] of named) if (typeof path === 'string' && !fields.has(headOf(path))) problems.push({ file: uiFile, pointer: ptr('ui:module', 'budget', key), message: notAField(headOf(path), fields) });
  }
  // The statistics facts name data fields: each path's first field must be one of the form's.
  const statisticPaths = statisticFactPaths(meta.statistics);
  for (const [path, at] of statisticPaths) {
    if (!fields.has(headOf(path))) problems.push({ file: uiFile, pointer: ptr('ui:module', 'statistics', ...at), message: notAField(headOf(path), fields) });
  }
  for (const [f, total] of Object.entries(meta.dropZeroItems)) {
    if (!fields.has(f)) problems.push({ file: uiFile, pointer: ptr('ui:module', 'dropZeroItems', f), message: notAField(f, fields) });
    else if (!(total in properties(props[f].items as JsonSchema))) problems.push({ file: uiFile, pointer: ptr('ui:module', 'dropZeroItems', f), message: `"${total}" is not a field of the items of "${f}"${suggest(total, Object.keys(properties(props[f].items as JsonSchema)))}` });
  }

  // Rules: field names, vars and operators.
  const rules = module.rules;
  const subFieldNames = new Set(meta.subForms.map((s) => s.field));
  for (const { field: path, pointer } of ruleFieldNames(rules)) {
    // A validation may point into an object field (`payment_recipient_account.name`): its head must be a field.
    const field = path.split(/[.[]/)[0];
    if (!fields.has(field)) problems.push({ file: rulesFile, pointer, message: notAField(field, fields) });
    else if (pointer.includes('/each') && !subFieldNames.has(field)) problems.push({ file: rulesFile, pointer, message: `"${field}" is not an item list with a sub-form` });
  }
  for (const { pointer, message } of ruleCostProblems(rules)) problems.push({ file: rulesFile, pointer, message });
  for (const { logic, pointer } of ruleExpressions(rules)) {
    for (const op of collectOperators(logic)) if (!KNOWN_OPERATORS.has(op)) problems.push({ file: rulesFile, pointer, message: `unknown operation "${op}"${suggest(op, KNOWN_OPERATORS)}` });
    for (const ref of collectVars(logic)) {
      const [head, second] = ref.path.split('.');
      if (ref.itemOf === '*' || (ref.itemOf && (head === 'current' || head === 'accumulator'))) continue;
      if (ref.itemOf) {
        const itemProps = properties(props[ref.itemOf.split('.')[0]]?.items as JsonSchema | undefined);
        if (Object.keys(itemProps).length && !(head in itemProps)) problems.push({ file: rulesFile, pointer, message: `var "${ref.path}" is not a field of the items of "${ref.itemOf}"${suggest(head, Object.keys(itemProps))}` });
        continue;
      }
      if (head === '$context') continue;
      if (head === '$parent') {
        if (meta.kind !== 'subform') problems.push({ file: rulesFile, pointer, message: `var "${ref.path}": only sub-forms have a $parent` });
        else if (second && parents.length && !parents.every((p) => second in properties(p.schema))) {
          const common = Object.keys(properties(parents[0].schema)).filter((f) => parents.every((p) => f in properties(p.schema)));
          problems.push({ file: rulesFile, pointer, message: `var "${ref.path}" is not a field of every parent form${suggest(second, common)}` });
        }
        continue;
      }
      if (!fields.has(head)) problems.push({ file: rulesFile, pointer, message: `var "${ref.path}" is not a field of the schema${suggest(head, fields)}` });
    }
  }

  // Translation keys in every language.
  const keys: Array<{ key: string; file: string; pointer: string }> = [{ key: meta.title, file: uiFile, pointer: ptr('ui:module', 'title') }];
  for (const [field, prop] of Object.entries(props)) {
    keys.push({ key: labelKey(module, field), file: definitionPath(files, 'schemas', code), pointer: ptr('properties', field) });
    for (const value of (prop.enum ?? []) as unknown[]) {
      if (typeof value === 'string') keys.push({ key: `${code}.${field}.options.${value}`, file: definitionPath(files, 'schemas', code), pointer: ptr('properties', field, 'enum') });
    }
  }
  (rules.validations ?? []).forEach((rule, i) => { if (!('each' in rule)) keys.push({ key: rule.message, file: rulesFile, pointer: ptr('validations', i, 'message') }); });
  for (const [field, list] of Object.entries(rules.labels ?? {})) (Array.isArray(list) ? list : []).forEach((rule, i) => { if (typeof rule?.label === 'string') keys.push({ key: rule.label, file: rulesFile, pointer: ptr('labels', field, i, 'label') }); });
  if (typeof rules.submitEnabled?.hint === 'string') keys.push({ key: rules.submitEnabled.hint, file: rulesFile, pointer: ptr('submitEnabled', 'hint') });
  if (meta.launcher?.label) keys.push({ key: meta.launcher.label, file: uiFile, pointer: ptr('ui:module', 'launcher', 'label') });
  const group = meta.launcher?.group;
  if (group) {
    keys.push({ key: group.title, file: uiFile, pointer: ptr('ui:module', 'launcher', 'group', 'title') });
    if (group.intro) keys.push({ key: group.intro, file: uiFile, pointer: ptr('ui:module', 'launcher', 'group', 'intro') });
  }
  if (meta.listCard.title) keys.push({ key: meta.listCard.title, file: uiFile, pointer: ptr('ui:module', 'listCard', 'title') });
  meta.listCard.summary.forEach((l, i) => keys.push({ key: l.label, file: uiFile, pointer: ptr('ui:module', 'listCard', 'summary', i, 'label') }));
  meta.detailCard.sections.forEach((s, i) => { if (s.title) keys.push({ key: s.title, file: uiFile, pointer: ptr('ui:module', 'detailCard', 'sections', i, 'title') }); });
  walkUi(rawUi, '', (key, value, pointer) => {
    if (key !== 'ui:options' || !value || typeof value !== 'object') return;
    const opts = value as Record<string, unknown>;
    if (typeof opts.itemTitle === 'string') keys.push({ key: opts.itemTitle, file: uiFile, pointer: `${pointer}/itemTitle` });
    if (Array.isArray(opts.summary)) opts.summary.forEach((l, i) => { if (typeof l?.label === 'string') keys.push({ key: l.label, file: uiFile, pointer: `${pointer}/summary/${i}/label` }); });
  });
  // `ui:help` / `ui:placeholder` are translation keys when they look like one (the renderer shows other text as written).
  walkUi(rawUi, '', (key, value, pointer) => {
    if ((key === 'ui:help' || key === 'ui:placeholder') && typeof value === 'string' && looksLikeKey(value)) keys.push({ key: value, file: uiFile, pointer });
  });
  for (const { key, file, pointer } of keys) {
    const [ns, ...rest] = key.split('.');
    const missing = LANGS.filter((lang) => !hasKey(files.locales[lang]?.[ns], rest.join('.')));
    if (missing.length) {
      const known = leafKeys(files.locales[missing[0]]?.[ns] ?? {}).filter(Boolean).map((k) => `${ns}.${k}`);
      problems.push({ file, pointer, message: `translation key "${key}" is missing in ${missing.join(', ')}${suggest(key, known)}` });
    }
  }
}

/**
 * `ui:module.relatedApprovalSource` and every `ui:options.source` (the related-approval picker and
 * items) name a module whose `ui:module.relatedAs` says how its documents are listed.
 */
function checkRelatedSources(module: CompiledModule, files: DefinitionFiles, modules: Record<string, CompiledModule>, problems: Problem[]): void {
  const uiFile = definitionPath(files, 'uiSchemas', module.code);
  const sources = Object.values(modules).filter((m) => m.kind === 'module' && m.meta.relatedAs).map((m) => m.code);
  const check = (source: unknown, pointer: string) => {
    if (typeof source !== 'string' || sources.includes(source)) return;
    problems.push({ file: uiFile, pointer, message: `"${source}" is not a module with ui:module.relatedAs (closest valid names: ${closestNames(source, sources).join(', ') || 'none'})` });
  };
  if (module.meta.relatedApprovalSource !== undefined) check(module.meta.relatedApprovalSource, ptr('ui:module', 'relatedApprovalSource'));
  walkUi(files.uiSchemas[module.code] ?? {}, '', (key, value, pointer) => {
    if (key === 'ui:options' && value && typeof value === 'object' && 'source' in value) check((value as Record<string, unknown>).source, `${pointer}/source`);
  });
}

/** Modules sharing a launcher group give the same group (key, order, title, intro, icon); a group-only module has a group. */
function checkLauncherGroups(files: DefinitionFiles, modules: Record<string, CompiledModule>, problems: Problem[]): void {
  const first = new Map<string, CompiledModule>();
  for (const module of Object.values(modules).sort((a, b) => a.code.localeCompare(b.code))) {
    const group = module.meta.launcher?.group;
    if (module.meta.launcher?.groupOnly && !group) {
      problems.push({ file: definitionPath(files, 'uiSchemas', module.code), pointer: ptr('ui:module', 'launcher', 'groupOnly'), message: 'launcher.groupOnly needs a launcher.group (the page that offers the module)' });
    }
    if (!group) continue;
    const earlier = first.get(group.key);
    if (!earlier) first.set(group.key, module);
    else if (JSON.stringify(sortedKeys(group)) !== JSON.stringify(sortedKeys(earlier.meta.launcher?.group))) {
      problems.push({ file: definitionPath(files, 'uiSchemas', module.code), pointer: ptr('ui:module', 'launcher', 'group'), message: `launcher group "${group.key}" differs from the one of "${earlier.code}" (modules of a group give the same group)` });
    }
  }
}

function sortedKeys(value: unknown): unknown {
  return value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value;
}

function leafKeys(node: unknown, prefix = ''): string[] {
  if (!node || typeof node !== 'object') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** Module namespaces must have exactly the same keys in en, ja and zh. */
function checkSameKeys(files: DefinitionFiles, modules: Record<string, CompiledModule>, problems: Problem[]): void {
  for (const code of Object.keys(modules)) {
    const sets = Object.fromEntries(LANGS.map((lang) => [lang, new Set(leafKeys(files.locales[lang]?.[code] ?? {}))]));
    const all = new Set(LANGS.flatMap((lang) => [...sets[lang]]));
    for (const key of all) {
      if (!key) continue;
      const missing = LANGS.filter((lang) => !sets[lang].has(key));
      if (missing.length) problems.push({ file: `locales/${missing[0]}/${code}.json`, pointer: ptr(...key.split('.')), message: `key "${code}.${key}" exists in other languages but is missing in ${missing.join(', ')}` });
    }
  }
}
