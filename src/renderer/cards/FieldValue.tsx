import { labelKey, type CompiledModule, type JsonSchema, type Translate } from '../../engine';
import { enumChoices } from '../form/enum-choices';
import { resolveWidget } from '../form/resolve-widget';
import { findRegistryEntry } from '../registry';
import { themeEntries } from '../theme';
import { TextDisplay } from '../theme/displays';

export interface FieldValueProps {
  module: CompiledModule;
  field: string;
  data: Record<string, unknown>;
  t: Translate;
}

/** The schema and UI schema of a top-level field. */
export function fieldDefinition(module: CompiledModule, field: string): { schema: JsonSchema; ui: Record<string, unknown> | undefined } {
  const schema = ((module.schema.properties ?? {}) as Record<string, JsonSchema>)[field] ?? {};
  return { schema, ui: module.uiSchema[field] as Record<string, unknown> | undefined };
}

/** The translated label of a top-level field (the field name when the key is missing). */
export function fieldLabel(module: CompiledModule, field: string, t: Translate): string {
  const key = labelKey(module, field);
  const text = t(key);
  return text === key ? field : text;
}

/**
 * A stored value rendered read-only by its widget's `Display` (an id shown as a name, money by
 * currency, dates YYYY/MM/DD, enum labels, yes/no). A widget without a Display shows the raw value.
 */
export function FieldValue({ module, field, data, t }: FieldValueProps) {
  const { schema, ui } = fieldDefinition(module, field);
  const kind = resolveWidget(schema, ui);
  const name = 'name' in kind ? kind.name : kind.layout === 'array' ? 'checkboxes' : 'text';
  const entry = findRegistryEntry(name);
  const Display = entry?.Display ?? themeEntries.text.Display ?? TextDisplay;
  const key = labelKey(module, field).replace(/\.label$/, '');
  return (
    <Display
      value={data[field]}
      options={(ui?.['ui:options'] ?? {}) as Record<string, unknown>}
      formData={data}
      schema={schema}
      enumOptions={enumChoices(schema, ui, key, t)}
    />
  );
}
