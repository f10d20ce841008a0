import Ajv, { type ValidateFunction } from 'ajv';
import type { CompiledModule } from '../types';
import { submitSchema } from './submit-schema';

// `removeAdditional: 'all'` deletes every property a schema's `properties` does not name, at
// every depth (items of sub-forms included); nothing is validated or coerced here.
const ajv = new Ajv({ strict: false, allErrors: true, removeAdditional: 'all', useDefaults: false, validateFormats: false });
const cache = new WeakMap<CompiledModule, ValidateFunction>();

/**
 * A copy of a submission body with every field the module's submission schema does not declare
 * dropped (at any depth): `status`, `requester_id`, `code` and the like never reach the stored
 * data. Dropping (not refusing) is the rule, so an older client sending an extra field still
 * files; the server's answer and the stored document show what was kept. Non-objects are
 * returned as they are (the shape check refuses them).
 */
export function stripUnknownFields(module: CompiledModule, payload: unknown): unknown {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  let strip = cache.get(module);
  if (!strip) {
    strip = ajv.compile(submitSchema(module));
    cache.set(module, strip);
  }
  const copy = structuredClone(payload);
  strip(copy);
  return copy;
}
