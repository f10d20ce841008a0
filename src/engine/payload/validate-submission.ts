import type { CompiledModule, FormData, RuleContext, Translate, Violation } from '../types';
import { computeFormDataWithChanges } from '../rules/compute-form-data';
import { validateRules } from '../rules/validate-rules';
import { ajvViolations, formDataViolations } from './ajv-violations';
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
  return withBudget(() => {
    const { data, changed } = computeFormDataWithChanges(module, readSubmitPayload(module, payload as Record<string, unknown>), context);
    return validateComputedData(module, data, !changed, context, t);
  });
}

/**
 * Validate computed form data whose body already passed the submission schema (`ajvViolations`
 * found nothing): as `validateFormData`, except that the schema is not checked a second time
 * when it cannot say anything new — the module has no body key (its submission schema IS the
 * flat data's schema, field for field) and `unchanged` says the data holds exactly the body's
 * values (no computed field set, nothing dropped or filtered since). Then only the ordered rules
 * run: the same answer without a second Ajv pass over a 1000-item list.
 */
export function validateComputedData(module: CompiledModule, data: FormData, unchanged: boolean, context: RuleContext, t: Translate): Violation[] {
  if (unchanged && !module.meta.bodyKey) return validateRules(module, data, context, t);
  return validateFormData(module, data, context, t);
}

/**
 * Validate the flat form data `computeFormData` returned, as it will be stored: the form's
 * schema first (a computed value can break it: a joined text over its `maxLength`), then the
 * ordered rules. The server's submission pipeline computes a body once and calls this on the
 * result, so nothing is re-nested, re-read or recomputed to be judged.
 */
export function validateFormData(module: CompiledModule, data: FormData, context: RuleContext, t: Translate): Violation[] {
  const shape = formDataViolations(module, data, t);
  if (shape.length) return shape;
  return validateRules(module, data, context, t);
}
