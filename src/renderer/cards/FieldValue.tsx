import { Text } from '@fluentui/react-components';
import { fieldDefinition, labelKey, labelValue, type CompiledModule, type Translate } from '../../engine';

// One walk of a field's definition for the cards and the printed sheet (the engine's).
export { fieldDefinition };
import { circledNumber } from '../form/circled-number';
import { enumChoices } from '../form/enum-choices';
import { orderedProperties } from '../form/ObjectFields';
import { resolveWidget } from '../form/resolve-widget';
import { ruleLabelKey } from '../form/rule-labels';
import { findRegistryEntry } from '../registry';
import { themeEntries } from '../theme';
import { TextDisplay } from '../theme/displays';

export interface FieldValueProps {
  module: CompiledModule;
  /** A top-level field, or a dot path into an object field (`payment_recipient_account.name`). */
  field: string;
  data: Record<string, unknown>;
  t: Translate;
  /** Label keys chosen by the module's `labels` rules for `data` (`runtime.labels(data)`). */
  labels?: Record<string, string>;
}


/** The translated label of a field or dot path: a `labels` rule's key first, then the derived key (the last name when missing). */
export function fieldLabel(module: CompiledModule, field: string, t: Translate, labels: Record<string, string> = {}): string {
  const key = ruleLabelKey(labels, field.split('.')) ?? labelKey(module, field);
  const text = t(key);
  return text === key ? (field.split('.').pop() ?? field) : text;
}

function valueAt(data: Record<string, unknown>, field: string): unknown {
  let node: unknown = data;
  for (const part of field.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** True for an object field without a Display of its own: the card lists its sub-fields instead. */
export function isPlainObject(module: CompiledModule, field: string): boolean {
  const { schema, ui } = fieldDefinition(module, field);
  const kind = resolveWidget(schema, ui);
  return 'layout' in kind && kind.layout === 'object' && Object.keys(schema.properties ?? {}).length > 0;
}

/** The sub-field paths of an object field in UI-schema order (hidden widgets left out). */
export function objectSubFields(module: CompiledModule, field: string): string[] {
  const { schema, ui } = fieldDefinition(module, field);
  return orderedProperties(schema, ui)
    .filter((name) => (ui?.[name] as Record<string, unknown> | undefined)?.['ui:widget'] !== 'hidden')
    .map((name) => `${field}.${name}`);
}

/**
 * A stored value rendered read-only by its widget's `Display` (an id shown as a name, money by
 * currency, dates YYYY/MM/DD, enum labels, yes/no). A widget without a Display shows the raw
 * value; an object without one lists its labelled sub-fields (never "[object Object]").
 */
export function FieldValue({ module, field, data, t, labels }: FieldValueProps) {
  if (isPlainObject(module, field)) {
    return (
      <span data-object={field} style={{ display: 'flex', flexDirection: 'column' }}>
        {objectSubFields(module, field).map((sub) => (
          <span key={sub} data-field={sub}>
            {/* The label with the language's separator ("Bank: ", "银行："); the value follows. */}
            <Text>{labelValue(t, fieldLabel(module, sub, t, labels), '')}</Text>
            <FieldValue module={module} field={sub} data={data} t={t} labels={labels} />
          </span>
        ))}
      </span>
    );
  }
  const { schema, ui } = fieldDefinition(module, field);
  const kind = resolveWidget(schema, ui);
  const value = valueAt(data, field);
  const options = (ui?.['ui:options'] ?? {}) as Record<string, unknown>;
  // A list of texts whose rows the form numbers ①②③ reads the same way in the card.
  if ('layout' in kind && kind.layout === 'array' && options.indexLabel === 'circled' && Array.isArray(value) && value.length > 0) {
    return <>{value.map((v, i) => `${circledNumber(i + 1)} ${v === null || v === undefined ? '' : String(v)}`.trim()).join(' ')}</>;
  }
  const name = 'name' in kind ? kind.name : kind.layout === 'array' ? 'checkboxes' : 'text';
  const entry = findRegistryEntry(name);
  const Display = entry?.Display ?? themeEntries.text.Display ?? TextDisplay;
  const key = labelKey(module, field).replace(/\.label$/, '');
  return (
    <Display
      value={value}
      options={options}
      formData={data}
      schema={schema}
      enumOptions={enumChoices(schema, ui, key, t)}
    />
  );
}
