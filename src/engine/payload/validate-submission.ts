import type { CompiledModule, RuleContext, Translate, Violation } from '../types';
import { computeFormData } from '../rules/compute-form-data';
import { validateRules } from '../rules/validate-rules';
import { ajvViolations } from './ajv-violations';
import { readSubmitPayload } from './read-submit-payload';
import { withBudget } from '../rules/step-budget';

/**
 * Validate a submission body exactly as `POST /api/buffer/{code}` receives it: the JSON Schema
 * of the submission (Ajv) first — a body of the wrong shape gets only those violations, since
 * rules over mistyped data would say misleading things — then the module's ordered rules over
 * the COMPUTED form data the body describes (computed fields recomputed first, as the server
 * stores them: a claimed total or purpose is never what the rules judge). The server's
 * submission pipeline and `npm run check` both call this.
 */
export function validateSubmission(module: CompiledModule, payload: unknown, context: RuleContext, t: Translate): Violation[] {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    return [{ propertyPath: '', message: t('engine.validation.body'), messageKey: 'engine.validation.body' }];
  }
  const shape = ajvViolations(module, payload, t);
  if (shape.length) return shape;
  // One step budget for compute and rules: a computed field that spent it leaves the rules to say so.
  return withBudget(() => validateRules(module, computeFormData(module, readSubmitPayload(module, payload as Record<string, unknown>), context), context, t));
}
