import type { ModuleSource } from '../definitions/module-source';
import { collectVars } from '../rules/collect-vars';
import type { Logic, ProcessStepDefinition, RulesFile } from '../types';

/** A rule that reads or writes a field: its kind, its number in its list (1-based) and message key. */
export interface RuleUse {
  kind: 'validation' | 'visibility' | 'effect' | 'computed' | 'label' | 'submitEnabled' | 'route';
  n: number;
  /** The validation's message key, the visibility/computed field, the effect's trigger, or the route step's code. */
  about: string;
  /** Set when the rule is another form's (an item sub-form's or its parent's): that form's code. */
  form?: string;
}

const reads = (logic: Logic, names: string[]) => collectVars(logic).some((v) => !v.itemOf && names.includes(v.path.split('.')[0]));

/**
 * Rules of a module that depend on the fields `names`, leaving out the fields' own parts (a
 * validation of one of them that reads only them, their own visibility condition, their own
 * computed value): what deleting them would break.
 */
export function rulesUsing(rules: RulesFile, names: string[]): RuleUse[] {
  const uses: RuleUse[] = [];
  (rules.validations ?? []).forEach((rule, i) => {
    if (!('when' in rule)) {
      if (names.includes(rule.each)) uses.push({ kind: 'validation', n: i + 1, about: `each ${rule.each}` });
      return;
    }
    const own = names.includes(rule.field ?? '') && collectVars(rule.when).every((v) => names.includes(v.path.split('.')[0]));
    if (!own && (reads(rule.when, names) || names.includes(rule.field ?? ''))) uses.push({ kind: 'validation', n: i + 1, about: rule.message });
  });
  Object.entries(rules.visibility ?? {}).forEach(([field, logic], i) => {
    if (!names.includes(field) && reads(logic, names)) uses.push({ kind: 'visibility', n: i + 1, about: field });
  });
  (rules.effects ?? []).forEach((effect, i) => {
    if (names.includes(effect.on) || Object.keys(effect.set).some((f) => names.includes(f)) || (effect.if !== undefined && reads(effect.if, names)) || Object.values(effect.set).some((value) => reads(value as Logic, names))) {
      uses.push({ kind: 'effect', n: i + 1, about: effect.on });
    }
  });
  (rules.computed ?? []).forEach((rule, i) => {
    if (!names.includes(rule.field) && reads(rule.value, names)) uses.push({ kind: 'computed', n: i + 1, about: rule.field });
  });
  Object.entries(rules.labels ?? {}).forEach(([field, list], i) => {
    if (names.includes(field.split('.')[0]) || list.some((l) => reads(l.when, names))) uses.push({ kind: 'label', n: i + 1, about: field });
  });
  if (rules.submitEnabled && reads(rules.submitEnabled.if, names)) uses.push({ kind: 'submitEnabled', n: 1, about: rules.submitEnabled.hint ?? '' });
  return uses;
}

/** The item sub-forms a form's lists use, by list field. */
function listsOf(source: ModuleSource): Array<{ list: string; subForm: string }> {
  const props = ((source.schema as { properties?: Record<string, { items?: { $ref?: string } }> }).properties) ?? {};
  return Object.entries(props).flatMap(([list, prop]) => (typeof prop?.items?.$ref === 'string' ? [{ list, subForm: prop.items.$ref }] : []));
}

/** A sum over the items of `list` that adds up the item field `itemField` (`{sum: [{var: list}, itemField]}` anywhere in `logic`). */
function sumsItemField(logic: unknown, list: string, itemField: string): boolean {
  if (Array.isArray(logic)) return logic.some((entry) => sumsItemField(entry, list, itemField));
  if (!logic || typeof logic !== 'object') return false;
  return Object.entries(logic).some(([op, args]) => (op === 'sum' && Array.isArray(args) && (args[0] as { var?: unknown } | undefined)?.var === list && args[1] === itemField) || sumsItemField(args, list, itemField));
}

/**
 * Everything that depends on the fields `names` of `source` besides their own parts: its rules
 * (`rulesUsing`), the conditions of its approval steps, and — among the `others` forms edited with
 * it — the computed values of its item sub-forms that read them as `$parent.<name>` and of its
 * parents that add them up over their item lists. What deleting or renaming them would break.
 */
export function fieldUses(source: ModuleSource, names: string[], others: readonly ModuleSource[] = []): RuleUse[] {
  const uses = rulesUsing(source.rules ?? {}, names);
  const steps = (Array.isArray(source.process?.steps) ? source.process.steps : []) as ProcessStepDefinition[];
  steps.forEach((step, i) => {
    if (step?.when !== undefined && reads(step.when, names)) uses.push({ kind: 'route', n: i + 1, about: step.code });
  });
  const subForms = listsOf(source).map((l) => l.subForm);
  for (const other of others) {
    if (other.code === source.code) continue;
    if (subForms.includes(other.code)) {
      (other.rules?.computed ?? []).forEach((rule, i) => {
        if (collectVars(rule.value).some((v) => v.path.startsWith('$parent.') && names.includes(v.path.slice('$parent.'.length).split('.')[0]))) {
          uses.push({ kind: 'computed', n: i + 1, about: rule.field, form: other.code });
        }
      });
    }
    for (const { list, subForm } of listsOf(other)) {
      if (subForm !== source.code) continue;
      (other.rules?.computed ?? []).forEach((rule, i) => {
        if (names.some((name) => sumsItemField(rule.value, list, name))) uses.push({ kind: 'computed', n: i + 1, about: rule.field, form: other.code });
      });
    }
  }
  return uses;
}
