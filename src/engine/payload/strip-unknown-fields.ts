import Ajv, { type ValidateFunction } from 'ajv';
import type { CompiledModule } from '../types';
import { submitSchema } from './submit-schema';
import { versionedCache } from './versioned-cache';
import { ajvRegExp } from '../regexp/linear-regexp';

// `removeAdditional: 'all'` deletes every property a schema's `properties` does not name, at
// every depth (items of sub-forms included); nothing is validated or coerced here.
// `pattern` is still evaluated while stripping: on the linear-time engine, as everywhere.
const ajv = /* @__PURE__ */ new Ajv({ strict: false, allErrors: true, removeAdditional: 'all', useDefaults: false, validateFormats: false, addUsedSchema: false, code: { regExp: ajvRegExp } });
/** The stripping validator, compiled once per definition version. */
const stripperOf = /* @__PURE__ */ versionedCache<ValidateFunction>(
  (module) => JSON.stringify(submitSchema(module)),
  (module) => ajv.compile(submitSchema(module)),
);

/**
 * A copy of a submission body with every field the module's submission schema does not declare
 * dropped (at any depth): `status`, `requester_id`, `code` and the like never reach the stored
 * data. Dropping (not refusing) is the rule, so an older client sending an extra field still
 * files; the server's answer and the stored document show what was kept. Non-objects are
 * returned as they are (the shape check refuses them).
 */
export function stripUnknownFields(module: CompiledModule, payload: unknown): unknown {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const strip = stripperOf(module);
  const copy = structuredClone(payload);
  strip(copy);
  return copy;
}
