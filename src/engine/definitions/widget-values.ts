/**
 * What a widget stores — one descriptor per widget (by its `ui:widget` / `ui:field` name), the
 * single table every consumer reads: the definition checker (the field's schema type must hold
 * that value), the server's reference checks (an id of a server list must name a row of it; file
 * ids must be files the user may read, within the attachment kind's limits), the builder's field
 * types (the pickers it offers, the type an existing field reads as) and the studio's sentences.
 * Adding a picker over a new server list is one `registerWidgetValue` entry (plus the renderer's
 * widget and its locale line `studio.builder.pickers.<widget>` when the builder offers it).
 */

import type { Lang } from '../types';

/**
 * The value kinds, each with the JSON-schema types a field holding it may declare (`null` is
 * always allowed besides): free text, a number, a yes/no, a date (`YYYY-MM-DD`), one or several
 * option codes, the id of a row of a server list (or several), ids of uploaded files, a list of
 * items (a sub-form's rows), an object the widget composes, or anything (a hidden field).
 */
export const WIDGET_VALUE_TYPES = {
  text: ['string'],
  number: ['number', 'integer'],
  boolean: ['boolean'],
  date: ['string'],
  choice: ['string', 'integer', 'number', 'boolean'],
  choices: ['array'],
  recordId: ['integer', 'string', 'array'],
  recordIds: ['array'],
  fileRefs: ['array'],
  items: ['array'],
  object: ['object'],
  any: ['string', 'number', 'integer', 'boolean', 'array', 'object'],
} as const satisfies Record<string, readonly string[]>;

export type WidgetValue = keyof typeof WIDGET_VALUE_TYPES;

/** A server list an id points into: the table whose `id` it is. */
export interface ServerList {
  table: string;
  /** The list's rows belong to modules (its `module` column): a filing may name only its own module's rows. */
  ofModule?: boolean;
}

export interface WidgetValueDescriptor {
  /** The registry name (`ui:widget` or `ui:field`). */
  widget: string;
  value: WidgetValue;
  /** `recordId` / `recordIds`: the list its ids name (the server refuses an id not in it). */
  list?: ServerList;
  /** The builder offers it as a "picker of a server list" field (with `studio.builder.pickers.<widget>`). */
  builderPicker?: boolean;
  /** A builder picker: the label a field of it usually has, in every language (the builder's suggestion). */
  labels?: Record<Lang, string>;
}

const BUILT_IN: WidgetValueDescriptor[] = [
  { widget: 'text', value: 'text' },
  { widget: 'textarea', value: 'text' },
  { widget: 'number', value: 'number' },
  { widget: 'money', value: 'number' },
  { widget: 'select', value: 'choice' },
  { widget: 'radio', value: 'choice' },
  { widget: 'checkbox', value: 'boolean' },
  { widget: 'switch', value: 'boolean' },
  { widget: 'checkboxes', value: 'choices' },
  { widget: 'date', value: 'date' },
  { widget: 'maskedDate', value: 'date' },
  { widget: 'hidden', value: 'any' },
  { widget: 'CompanyPicker', value: 'recordId', list: { table: 'companies' }, builderPicker: true, labels: { en: 'Company', ja: '会社', zh: '公司' } },
  { widget: 'DepartmentPicker', value: 'recordId', list: { table: 'departments' }, builderPicker: true, labels: { en: 'Department', ja: '部署', zh: '部门' } },
  { widget: 'CurrencyPicker', value: 'recordId', list: { table: 'currencies' }, builderPicker: true, labels: { en: 'Currency', ja: '通貨', zh: '币种' } },
  { widget: 'LocationPicker', value: 'recordId', list: { table: 'locations' }, builderPicker: true, labels: { en: 'Location', ja: '所在地', zh: '地点' } },
  { widget: 'UserPicker', value: 'recordId', list: { table: 'users' }, builderPicker: true, labels: { en: 'Person', ja: '担当者', zh: '人员' } },
  { widget: 'ExpenseAccountPicker', value: 'recordId', list: { table: 'expense_accounts' }, builderPicker: true, labels: { en: 'Expense account', ja: '費用科目', zh: '费用科目' } },
  { widget: 'BankAccountPicker', value: 'recordId', list: { table: 'company_bank_accounts' }, builderPicker: true, labels: { en: 'Payment account', ja: '支払口座', zh: '付款账户' } },
  // Users the document is forwarded to: who may be is the filing's forwarding check (it names the rule).
  { widget: 'FinanceUsersPicker', value: 'recordIds' },
  // Code lists and documents: ids checked with their lists (a code list's kind, the reader's access).
  { widget: 'ContractTypePicker', value: 'recordId', list: { table: 'contract_item_types', ofModule: true } },
  { widget: 'FrequencyPicker', value: 'recordId' },
  { widget: 'SealTypePicker', value: 'recordId' },
  { widget: 'EvidenceTypePicker', value: 'recordId' },
  { widget: 'RelatedApprovalPicker', value: 'recordId' },
  { widget: 'PeriodPicker', value: 'any' },
  { widget: 'ProcessCard', value: 'any' },
  { widget: 'ItemList', value: 'items' },
  { widget: 'FileUploader', value: 'fileRefs' },
  { widget: 'RelatedItemsField', value: 'items' },
  { widget: 'SupplierAccountSearch', value: 'object' },
  { widget: 'NextStampNumber', value: 'text' },
  { widget: 'TypedUsersField', value: 'items' },
  { widget: 'InvoiceRegistrationNo', value: 'text' },
  { widget: 'PositionSelect', value: 'text' },
];

const widgets = new Map<string, WidgetValueDescriptor>(BUILT_IN.map((w) => [w.widget, w]));

/**
 * The pickers of a server list the builder offers, in table order: a live list (kept by
 * `registerWidgetValue`), so a form reading it at render sees a picker registered later.
 */
export const BUILDER_PICKERS: readonly string[] = [];
const syncPickers = () => {
  const list = BUILDER_PICKERS as string[];
  list.splice(0, list.length, ...[...widgets.values()].filter((w) => w.builderPicker).map((w) => w.widget));
};
syncPickers();

/** Every widget's value descriptor, built-in first, then registered ones in order. */
export function widgetValues(): WidgetValueDescriptor[] {
  return [...widgets.values()];
}

/** What a widget stores, or null for a name the table does not know. */
export function widgetValue(widget: unknown): WidgetValueDescriptor | null {
  return typeof widget === 'string' ? widgets.get(widget) ?? null : null;
}

/** The widget of a UI-schema entry (`ui:widget`, else `ui:field`). */
export function widgetOf(ui: unknown): string | null {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return null;
  const entry = ui as Record<string, unknown>;
  const name = entry['ui:widget'] ?? entry['ui:field'];
  return typeof name === 'string' ? name : null;
}

/** The widgets that store `value` (e.g. every widget holding file ids). */
export function widgetsHolding(value: WidgetValue): string[] {
  return widgetValues().filter((w) => w.value === value).map((w) => w.widget);
}

/**
 * Why a field's schema cannot hold what its widget stores (its declared types, `null` aside, must
 * all be types of the value kind), or null when it can or the widget or type is unknown.
 */
export function widgetValueMismatch(widget: unknown, schema: unknown): string | null {
  const descriptor = widgetValue(widget);
  if (!descriptor || !schema || typeof schema !== 'object') return null;
  const declared = (schema as { type?: unknown }).type;
  const types = (Array.isArray(declared) ? declared : declared === undefined ? [] : [declared]).filter((t) => t !== 'null');
  const allowed: readonly string[] = WIDGET_VALUE_TYPES[descriptor.value];
  const wrong = types.filter((t) => typeof t !== 'string' || !allowed.includes(t));
  return wrong.length ? `widget "${descriptor.widget}" stores ${descriptor.value} (${allowed.join(' or ')}), not ${wrong.join(', ')}` : null;
}

/**
 * Adds a widget's value descriptor (an extension's widget, or a test's toy picker); answers a
 * function that removes it again. A widget already known is refused: built-in ones are not replaced.
 */
export function registerWidgetValue(descriptor: WidgetValueDescriptor): () => void {
  if (widgets.has(descriptor.widget)) throw new Error(`widget value of "${descriptor.widget}" is already registered`);
  widgets.set(descriptor.widget, descriptor);
  syncPickers();
  return () => { widgets.delete(descriptor.widget); syncPickers(); };
}
