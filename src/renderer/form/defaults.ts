import type { JsonSchema } from '../../engine';

/** The data a new, empty form starts with: every `default` in the schema, nested objects included. */
export function defaultFormData(schema: JsonSchema): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    if (property.default !== undefined) data[name] = structuredClone(property.default);
    else if (property.type === 'object' && property.properties) {
      const nested = defaultFormData(property);
      if (Object.keys(nested).length > 0) data[name] = nested;
    }
  }
  return data;
}
