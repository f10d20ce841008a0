import type { CompiledModule, FormData } from '../types';
import { WRAPPER_FIELDS } from './wrapper-fields';

/**
 * The inverse of `buildSubmitPayload`: the flat form data a submission describes (body fields
 * lifted out of `transaction` where the module nests them, wrapper fields alongside), so the
 * server runs the very same rules the browser runs.
 */
export function readSubmitPayload(module: CompiledModule, payload: Record<string, unknown>): FormData {
  const key = module.meta.bodyKey;
  const nested = key ? payload[key] : undefined;
  const body = key ? (nested && typeof nested === 'object' && !Array.isArray(nested) ? (nested as FormData) : {}) : payload;
  const data: FormData = { ...body };
  for (const field of WRAPPER_FIELDS) {
    if (key && field in payload) data[field] = payload[field];
  }
  return data;
}
