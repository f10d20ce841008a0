import type { ProcessStepDefinition, StatisticFacts } from '../types';
import { collectVars } from '../rules/collect-vars';
import { routeValue } from './route-values';

/** Fields that decide whose department and company a route resolves in, besides the conditions. */
const SCOPE_FIELDS = ['company_id', 'department_id'];

/**
 * The form fields a route depends on: every top-level field its steps' conditions read, plus the
 * document's company and department; a route value (`route-values.ts`) counts as the fields it is
 * derived from (`facts`: the module's `ui:module.statistics`, `schemaFields`: its form's fields). Only a change of one of these can change the route, so the
 * process card asks again only then (not on every keystroke of another field).
 */
export function routeFields(steps: ProcessStepDefinition[] | undefined, facts?: StatisticFacts, schemaFields: readonly string[] = []): string[] {
  const fields = new Set(SCOPE_FIELDS);
  for (const step of steps ?? []) {
    if (step.when === undefined) continue;
    for (const ref of collectVars(step.when)) {
      if (ref.itemOf) continue;
      const head = ref.path.split('.')[0];
      // A route value (the amount in the reporting currency) changes with the fields it is derived from.
      const value = routeValue(ref.path) ?? routeValue(head);
      if (value) for (const source of value.sources(facts, schemaFields)) fields.add(source);
      else fields.add(head);
    }
  }
  return [...fields].sort();
}
