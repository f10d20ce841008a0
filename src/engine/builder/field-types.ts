import type { JsonSchema } from '../types';
import { BUILDER_PICKERS, widgetValue } from '../definitions/widget-values';

/** What a person picks as a field's type in the builder. */
export type FieldType = 'text' | 'longText' | 'number' | 'money' | 'date' | 'dateRange' | 'select' | 'multiSelect' | 'checkbox' | 'picker' | 'upload';

/** Every type, in the order the builder offers them. */
export const FIELD_TYPES: readonly FieldType[] = ['text', 'longText', 'number', 'money', 'date', 'dateRange', 'select', 'multiSelect', 'checkbox', 'picker', 'upload'];

/**
 * The renderer's pickers of a server list a field may use (an id of the list's row): the
 * widget-value table's `builderPicker` widgets, live (a registered picker is offered at once).
 */
export const SERVER_PICKERS: readonly string[] = BUILDER_PICKERS;

/** Limits a type takes. */
export const TYPE_LIMITS: Record<FieldType, { maxLength?: boolean; pattern?: boolean; minMax?: boolean; options?: boolean; picker?: boolean; upload?: boolean }> = {
  text: { maxLength: true, pattern: true }, longText: { maxLength: true }, number: { minMax: true }, money: { minMax: true },
  date: {}, dateRange: {}, select: { options: true }, multiSelect: { options: true }, checkbox: {},
  picker: { picker: true }, upload: { upload: true },
};

/** The widget the builder gives each type (a picker's is the chosen picker). */
export const TYPE_WIDGETS: Record<Exclude<FieldType, 'picker'>, string> = {
  text: 'text', longText: 'textarea', number: 'number', money: 'money', date: 'date', dateRange: 'date',
  select: 'select', multiSelect: 'checkboxes', checkbox: 'checkbox', upload: 'FileUploader',
};

/** The type a field of an existing definition reads as (for editing it), from its schema and widget. */
export function typeOf(schema: JsonSchema | undefined, widget: unknown): FieldType | null {
  if (!schema) return null;
  const s = schema as { type?: unknown; items?: { enum?: unknown } };
  if (typeof widget === 'string') {
    if (widget === 'textarea') return 'longText';
    if (widgetValue(widget)?.value === 'fileRefs') return 'upload';
    if (widget === 'checkboxes') return 'multiSelect';
    if (SERVER_PICKERS.includes(widget)) return 'picker';
    if (widget === 'maskedDate') return 'date';
    if (widget in TYPE_WIDGETS) return (Object.entries(TYPE_WIDGETS).find(([, w]) => w === widget)?.[0] ?? null) as FieldType | null;
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('boolean')) return 'checkbox';
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (types.includes('string')) return (schema as { enum?: unknown }).enum ? 'select' : 'text';
  return null;
}
