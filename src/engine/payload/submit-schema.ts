import type { CompiledModule, JsonSchema } from '../types';
import { isWrapperField } from './wrapper-fields';

/**
 * JSON Schema of the body `POST /api/buffer/{code}` receives, derived from the compiled
 * module schema: wrapper fields at the top, the module's body beside them or under
 * `transaction`. The server's Ajv check, the OpenAPI description and `npm run check` all use it.
 */
export function submitSchema(module: CompiledModule): JsonSchema {
  const flat = formDataSchema(module);
  if (!module.meta.bodyKey) return flat;
  const properties = (flat.properties ?? {}) as Record<string, JsonSchema>;
  const wrapper = Object.fromEntries(Object.entries(properties).filter(([k]) => isWrapperField(k)));
  const body = Object.fromEntries(Object.entries(properties).filter(([k]) => !isWrapperField(k)));
  return {
    type: 'object',
    properties: { ...wrapper, [module.meta.bodyKey]: { ...flat, properties: body } },
    required: [module.meta.bodyKey],
  };
}

/**
 * JSON Schema of the flat form data (wrapper fields beside the body fields, as
 * `readSubmitPayload` and `computeFormData` hold it): what the engine validates the computed
 * data against before its rules (`validateFormData`).
 */
export function formDataSchema(module: CompiledModule): JsonSchema {
  const properties = (module.schema.properties ?? {}) as Record<string, JsonSchema>;
  const wrapper = Object.fromEntries(Object.entries(properties).filter(([k]) => isWrapperField(k)));
  const body = Object.fromEntries(Object.entries(properties).filter(([k]) => !isWrapperField(k)));
  const { properties: _p, required: _r, title: _t, ...rest } = module.schema;
  const required = ((module.schema.required ?? []) as string[]).filter((k) => !isWrapperField(k));
  return { ...rest, type: 'object', properties: { ...wrapper, ...body }, ...(required.length ? { required } : {}) };
}
