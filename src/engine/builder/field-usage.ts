import { collectVars } from '../rules/collect-vars';
import type { Logic, RulesFile } from '../types';

/** A rule that reads or writes a field: its kind, its number in its list (1-based) and message key. */
export interface RuleUse {
  kind: 'validation' | 'visibility' | 'effect' | 'computed' | 'label' | 'submitEnabled';
  n: number;
  /** The validation's message key, the visibility/computed field, or the effect's trigger. */
  about: string;
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
