import type { JsonSchema } from '../../engine';

/** How a field is rendered: a registry name, or Ringi's own object / inline array layout. */
export type FieldKind = { name: string; explicit: boolean } | { layout: 'object' } | { layout: 'array' };

/**
 * The widget of a field: `ui:field` or `ui:widget` when the UI schema names one, otherwise
 * chosen from the schema the way rjsf does (enum → select, boolean → checkbox, date → date…).
 */
export function resolveWidget(schema: JsonSchema, uiSchema: Record<string, unknown> | undefined): FieldKind {
  const named = (uiSchema?.['ui:field'] ?? uiSchema?.['ui:widget']) as string | undefined;
  if (typeof named === 'string' && named !== '') return { name: named, explicit: true };
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  const items = schema.items as JsonSchema | undefined;
  const isChoice = (s: JsonSchema | undefined) => Boolean(s && (Array.isArray(s.enum) || Array.isArray(s.oneOf) || Array.isArray(s.anyOf)));
  switch (type) {
    case 'boolean':
      return { name: 'checkbox', explicit: false };
    case 'number':
    case 'integer':
      return isChoice(schema) ? { name: 'select', explicit: false } : { name: 'number', explicit: false };
    case 'array':
      return isChoice(items) ? { name: 'checkboxes', explicit: false } : { layout: 'array' };
    case 'object':
      return { layout: 'object' };
    default:
      if (isChoice(schema)) return { name: 'select', explicit: false };
      if (schema.format === 'date') return { name: 'date', explicit: false };
      return { name: 'text', explicit: false };
  }
}
