import type { CompiledModule, JsonSchema, Lang, RuleContext, Translate } from '../types';
import { enumChoices } from '../definitions/enum-choices';
import { labelKey } from '../definitions/label-key';
import { widgetOf, widgetValue } from '../definitions/widget-values';
import { toDisplayDate } from '../dates/to-display-date';
import { listText, pairsText } from '../i18n/format-text';
import { formatMoney } from '../money/format-money';
import { createRuntime } from '../rules/create-runtime';

/** One labelled value of the card as text; an object lists its sub-fields, an item list its items. */
export interface DetailTextRow {
  field: string;
  label: string;
  /** The value as the card shows it ('-' when empty); '' for an object or item list (see `children` / `items`). */
  value: string;
  /** An object field's sub-fields. */
  children?: DetailTextRow[];
  /** An item list's items, each its own rows (the sub-form's detail card). */
  items?: DetailTextRow[][];
}

/** One section of the detail card as text. */
export interface DetailTextSection {
  title?: string;
  highlight?: DetailTextRow;
  rows: DetailTextRow[];
}

export interface DetailTextOptions {
  t: Translate;
  lang: Lang;
  /** Currencies (id → code) for money, the parent for a sub-form. */
  context?: RuleContext;
  /**
   * The name of a row of a server list a picker stored (`table` from the widget value table,
   * `files` for uploaded files), or undefined when not known: the id is shown then.
   */
  nameOf?: (table: string, id: number | string) => string | undefined;
}

/** Shown for an empty value (the card's Displays show the same). */
export const EMPTY_TEXT = '-';

const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === ''
  || (Array.isArray(value) && value.length === 0)
  || (typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every(isEmpty));

const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined));
const isChoice = (s: JsonSchema | undefined) => Boolean(s && (Array.isArray(s.enum) || Array.isArray(s.oneOf) || Array.isArray(s.anyOf)));

/** The widget of a field as the renderer resolves it: the UI schema's name, else one chosen from the schema. */
function widgetName(schema: JsonSchema, ui: Record<string, unknown> | undefined): string {
  const named = widgetOf(ui);
  if (named) return named;
  switch (typeOf(schema)) {
    case 'boolean': return 'checkbox';
    case 'number': case 'integer': return isChoice(schema) ? 'select' : 'number';
    case 'array': return isChoice(schema.items as JsonSchema | undefined) ? 'checkboxes' : 'array';
    case 'object': return 'object';
    default: return isChoice(schema) ? 'select' : schema.format === 'date' ? 'date' : 'text';
  }
}

/** The schema and UI schema of a field or of a dot path into object fields (the cards' and the printed sheet's one walk). */
export function fieldDefinition(module: CompiledModule, field: string): { schema: JsonSchema; ui: Record<string, unknown> | undefined } {
  let schema: JsonSchema = module.schema;
  let ui: Record<string, unknown> | undefined = module.uiSchema;
  for (const part of field.split('.')) {
    schema = ((schema.properties ?? {}) as Record<string, JsonSchema>)[part] ?? {};
    ui = ui?.[part] as Record<string, unknown> | undefined;
  }
  return { schema, ui };
}

function valueAt(data: Record<string, unknown>, field: string): unknown {
  let node: unknown = data;
  for (const part of field.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/**
 * The read-only detail card of a document as text — the same engine data the React card renders
 * (`ui:module.detailCard` sections, the `labels` and `visibility` rules for the stored data, each
 * field's widget from the widget value table), for output without React: the printed 稟議書. A
 * field the visibility rules hide is left out when empty; ids of server lists read as names
 * (`nameOf`), money by the form's currency, dates YYYY/MM/DD, enum values as their labels. An item
 * list shows every item by its sub-form's detail card (or its fields in order when it has none).
 */
export function detailText(module: CompiledModule, data: Record<string, unknown>, options: DetailTextOptions): DetailTextSection[] {
  const { t } = options;
  const runtime = createRuntime(module);
  const labels = runtime.labels(data, options.context);
  const visibility = runtime.visibility(data, options.context);
  const label = (field: string) => {
    const key = labels[field] ?? labelKey(module, field);
    const text = t(key);
    return text === key ? (field.split('.').pop() ?? field) : text;
  };
  const currency = (): string | undefined => {
    // An item's money is in its parent form's currency unless the item names its own.
    const field = module.meta.currencyField ?? 'currency_id';
    const raw = data[field] ?? options.context?.parent?.[field];
    if (typeof raw === 'string' && !/^\d+$/.test(raw)) return raw;
    return options.context?.currencies?.find((c) => String(c.id) === String(raw))?.code;
  };
  const named = (table: string | undefined, id: unknown): string => {
    if (isEmpty(id)) return EMPTY_TEXT;
    const name = table && (typeof id === 'number' || typeof id === 'string') ? options.nameOf?.(table, id) : undefined;
    return name ?? `#${String(id)}`;
  };
  const plain = (value: unknown): string => {
    if (isEmpty(value)) return EMPTY_TEXT;
    if (Array.isArray(value)) return listText(t, value.map(plain));
    if (typeof value === 'object') return pairsText(t, Object.entries(value as object).filter(([, v]) => !isEmpty(v)).map(([k, v]) => [k, plain(v)] as const));
    if (typeof value === 'boolean') return t(value ? 'engine.renderer.yes' : 'engine.renderer.no');
    return String(value);
  };
  const row = (field: string): DetailTextRow => {
    const { schema, ui } = fieldDefinition(module, field);
    const value = valueAt(data, field);
    const widget = widgetName(schema, ui);
    if (widget === 'object' && Object.keys(schema.properties ?? {}).length > 0) {
      const subs = Object.keys(schema.properties ?? {}).filter((name) => (ui?.[name] as Record<string, unknown> | undefined)?.['ui:widget'] !== 'hidden');
      const order = (ui?.['ui:order'] as string[] | undefined)?.filter((name) => subs.includes(name)) ?? subs;
      return { field, label: label(field), value: '', children: order.map((name) => row(`${field}.${name}`)) };
    }
    const ref = module.meta.subForms.find((s) => s.field === field);
    const sub = ref ? module.subForms[ref.form] : undefined;
    if (Array.isArray(value) && sub) {
      const items = value.filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object')
        .map((item) => itemRows(sub, item, { ...options, context: { ...options.context, parent: data } }));
      return { field, label: label(field), value: items.length ? '' : EMPTY_TEXT, items };
    }
    return { field, label: label(field), value: valueText(field, widget, schema, ui, value) };
  };
  const valueText = (field: string, widget: string, schema: JsonSchema, ui: Record<string, unknown> | undefined, value: unknown): string => {
    if (isEmpty(value)) return EMPTY_TEXT;
    const kind = widgetValue(widget);
    const uiOptions = (ui?.['ui:options'] ?? {}) as Record<string, unknown>;
    if (widget === 'money') {
      const code = typeof uiOptions.currency === 'string' ? uiOptions.currency : currency();
      const amount = formatMoney(value as number, code, options.lang);
      return code ? `${amount} ${code}` : amount;
    }
    if (kind?.value === 'date' || widget === 'date') return toDisplayDate(value as string) || String(value);
    if (kind?.value === 'choice' || kind?.value === 'choices') {
      const choices = enumChoices(schema, ui, labelKey(module, field).replace(/\.label$/, ''), t);
      const labelOf = (v: unknown) => choices?.find((c) => c.value === v || String(c.value) === String(v))?.label ?? String(v);
      return Array.isArray(value) ? listText(t, value.map(labelOf)) : labelOf(value);
    }
    if (kind?.value === 'recordId' || kind?.value === 'recordIds') {
      return Array.isArray(value) ? listText(t, value.map((id) => named(kind.list?.table, id))) : named(kind.list?.table, value);
    }
    if (kind?.value === 'fileRefs' && Array.isArray(value)) {
      return listText(t, value.map((f) => (f && typeof f === 'object' && typeof (f as { name?: unknown }).name === 'string'
        ? (f as { name: string }).name : named('files', f && typeof f === 'object' ? (f as { id?: unknown }).id : f))));
    }
    return plain(value);
  };
  const shown = (field: string) => visibility[field] !== false || !isEmpty(data[field]);
  return module.meta.detailCard.sections.map((section) => ({
    ...(section.title ? { title: t(section.title) } : {}),
    ...(section.highlight ? { highlight: row(section.highlight) } : {}),
    rows: section.fields.filter(shown).map(row),
  }));
}

/** One item of an item list: its sub-form's detail card rows, else every field in UI order (hidden ones left out). */
function itemRows(sub: CompiledModule, item: Record<string, unknown>, options: DetailTextOptions): DetailTextRow[] {
  if (sub.meta.detailCard.sections.some((s) => s.fields.length > 0)) {
    return detailText(sub, item, options).flatMap((s) => [...(s.highlight ? [s.highlight] : []), ...s.rows]).filter((r) => r.value !== EMPTY_TEXT);
  }
  const fields = Object.keys(sub.schema.properties ?? {}).filter((name) => (sub.uiSchema[name] as Record<string, unknown> | undefined)?.['ui:widget'] !== 'hidden');
  const order = (sub.uiSchema['ui:order'] as string[] | undefined)?.filter((name) => fields.includes(name)) ?? fields;
  const asCard: CompiledModule = { ...sub, meta: { ...sub.meta, detailCard: { sections: [{ fields: order }] } } };
  return detailText(asCard, item, options).flatMap((s) => s.rows).filter((r) => r.value !== EMPTY_TEXT);
}
