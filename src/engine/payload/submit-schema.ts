import type { CompiledModule, JsonSchema } from '../types';
import { isWrapperField } from './wrapper-fields';

/**
 * JSON Schema of the body `POST /api/buffer/{code}` receives, derived from the compiled
 * module schema: wrapper fields at the top, the module's body beside them or under
 * `transaction`. The server's Ajv check, the OpenAPI description and `npm run check` all use it.
 */
export function submitSchema(module: CompiledModule): JsonSchema {
  const properties = (module.schema.properties ?? {}) as Record<string, JsonSchema>;
  const wrapper = Object.fromEntries(Object.entries(properties).filter(([k]) => isWrapperField(k)));
  const body = Object.fromEntries(Object.entries(properties).filter(([k]) => !isWrapperField(k)));
  const { properties: _p, required: _r, title: _t, ...rest } = module.schema;
  const required = ((module.schema.required ?? []) as string[]).filter((k) => !isWrapperField(k));
  const bodySchema: JsonSchema = { ...rest, type: 'object', properties: body, ...(required.length ? { required } : {}) };
  if (module.meta.bodyKey) {
    return {
      type: 'object',
      properties: { ...wrapper, [module.meta.bodyKey]: bodySchema },
      required: [module.meta.bodyKey],
    };
  }
  return { ...bodySchema, properties: { ...wrapper, ...body } };
}
