import type { DefinitionFiles, Logic, Problem, RulesFile } from '../types';
import { definitionPath } from './definition-path';

/** Fields whose string length a json-logic expression measures (`{"length": [{"var": "x"}]}`). */
function measuredFields(logic: Logic, into = new Set<string>()): Set<string> {
  if (Array.isArray(logic)) {
    for (const item of logic) measuredFields(item as Logic, into);
  } else if (logic && typeof logic === 'object') {
    for (const [op, args] of Object.entries(logic as Record<string, unknown>)) {
      if (op === 'length') {
        const first = Array.isArray(args) ? args[0] : args;
        const name = first && typeof first === 'object' ? (first as { var?: unknown }).var : undefined;
        if (typeof name === 'string') into.add(name);
      }
      measuredFields(args as Logic, into);
    }
  }
  return into;
}

/**
 * Warnings (never refusals) where a definition hides its own message: a validation rule that
 * measures a field's length while the schema also gives the field a `maxLength`. The schema is
 * checked first (a longer body gets the engine's generic "at most N characters" and the rules
 * do not run) and the form's input stops at the limit, so the rule's message can never show.
 */
export function hiddenRuleMessages(files: DefinitionFiles, code: string): Problem[] {
  const schema = files.schemas[code] as { properties?: Record<string, { maxLength?: unknown }> } | undefined;
  const rules: RulesFile = files.rules[code] ?? {};
  const out: Problem[] = [];
  (rules.validations ?? []).forEach((rule, index) => {
    if (!('when' in rule)) return;
    for (const field of measuredFields(rule.when)) {
      const limit = schema?.properties?.[field]?.maxLength;
      if (typeof limit !== 'number') continue;
      out.push({
        file: definitionPath(files, 'rules', code),
        pointer: `/validations/${index}/when`,
        message: `the schema limits "${field}" to ${limit} characters (maxLength): the form stops typing there and a longer body gets the generic length message before the rules run, so this rule's own message "${rule.message}" never shows — remove the schema's maxLength or this rule`,
      });
    }
  });
  return out;
}
