import type { ProcessStepDefinition } from '../types';
import { collectVars } from '../rules/collect-vars';

/** Fields that decide whose department and company a route resolves in, besides the conditions. */
const SCOPE_FIELDS = ['company_id', 'department_id'];

/**
 * The form fields a route depends on: every top-level field its steps' conditions read, plus the
 * document's company and department. Only a change of one of these can change the route, so the
 * process card asks again only then (not on every keystroke of another field).
 */
export function routeFields(steps: ProcessStepDefinition[] | undefined): string[] {
  const fields = new Set(SCOPE_FIELDS);
  for (const step of steps ?? []) if (step.when !== undefined) for (const ref of collectVars(step.when)) if (!ref.itemOf) fields.add(ref.path.split('.')[0]);
  return [...fields].sort();
}
