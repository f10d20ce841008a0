import type { JsonSchema } from '../../engine';
import { childErrors, type ErrorTree } from './errors';
import type { DataPath } from './paths';
import { PropertyField, RowPropertyField } from './PropertyField';

export interface ObjectFieldsProps {
  name?: string;
  label?: string;
  path: DataPath;
  schema: JsonSchema;
  uiSchema?: Record<string, unknown>;
  value: unknown;
  errors?: ErrorTree;
  disabled?: boolean;
  /** Field → visible (root only, from the module's visibility rules). */
  visibility?: Record<string, boolean>;
  /** Inside an array row: each field selects its own value from the store (`value` is not read). */
  inRow?: boolean;
}

/** Property names in UI-schema order: `ui:order` with `*` standing for the rest (rjsf's rule). */
export function orderedProperties(schema: JsonSchema, uiSchema: Record<string, unknown> | undefined): string[] {
  const names = Object.keys((schema.properties ?? {}) as object);
  const order = uiSchema?.['ui:order'] as string[] | undefined;
  if (!Array.isArray(order)) return names;
  const listed = order.filter((n) => n !== '*' && names.includes(n));
  const rest = names.filter((n) => !listed.includes(n));
  const star = order.indexOf('*');
  if (star < 0) return [...listed, ...rest];
  const before = order.slice(0, star).filter((n) => names.includes(n));
  const after = order.slice(star + 1).filter((n) => names.includes(n));
  return [...before, ...rest, ...after];
}

/** The fields of an object (the form root, a nested object or one array row). */
export function ObjectFields({ label, path, schema, uiSchema, value, errors, disabled, visibility, inRow }: ObjectFieldsProps) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const data = (value ?? {}) as Record<string, unknown>;
  const fields = orderedProperties(schema, uiSchema)
    .filter((name) => visibility?.[name] !== false)
    .map((name) => {
      const field = {
        name,
        path: [...path, name],
        schema: properties[name],
        uiSchema: uiSchema?.[name] as Record<string, unknown> | undefined,
        required: required.includes(name),
        errors: childErrors(errors, name),
        disabled,
      };
      return inRow ? <RowPropertyField key={name} {...field} /> : <PropertyField key={name} {...field} value={data[name]} />;
    });
  if (path.length === 0 || !label) return <>{fields}</>;
  return (
    <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend>{label}</legend>
      {fields}
    </fieldset>
  );
}
