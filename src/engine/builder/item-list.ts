import type { ModuleSource } from '../definitions/module-source';
import { refuseSpec, writeField } from './add-field';
import type { BuilderResult, FieldSpec } from './field-spec';
import { computedLogic } from './rule-builders';
import { keyOf, partsOf, plainValidations, setText } from './source-parts';
import { BUILDER_LANGS, FIELD_NAME, complete, type Texts } from './texts';

/** An item list as the builder's "Add item list" form states it. */
export interface ItemListSpec {
  /** The list field of the form (`travel_legs`). */
  name: string;
  labels: Texts;
  /** Each item's page title, `{{n}}` = its number ("Leg {{n}}"). */
  itemTitles: Texts;
  /** The item sub-form's code (default `<module>-<name with hyphens>`). */
  itemCode?: string;
  /** The item's fields (written into the new sub-form). */
  fields: FieldSpec[];
  /** The item's amount: a money field of the item, computed as the product of `product` when given. */
  itemTotal: { name: string; labels: Texts; product?: string[] };
  /** The form's total of the item amounts (rounded by `currencyField`). */
  formTotal: { name: string; labels: Texts };
  /** The form's currency field (the item amounts and the total are in it). */
  currencyField?: string;
  /** At least one item is required, with this message. */
  requiredMessages?: Texts;
  after?: string | null;
}

/** The created pair: the form with its list and total, and the new item sub-form. */
export interface ItemListResult {
  source: ModuleSource;
  subForm: ModuleSource;
}

const ITEM_NUMBER = { en: 'No.', ja: '番号', zh: '序号' } as const;

/** The empty sub-form an item list starts with: a hidden item number, its title in en/ja/zh. */
function emptySubForm(code: string, titles: Texts): ModuleSource {
  return {
    code,
    schema: { $id: code, title: code, type: 'object', properties: { index: { type: 'integer' } } },
    uiSchema: { 'ui:module': { kind: 'subform', title: `${code}.title`, detailCard: { sections: [{ fields: [] }] } }, 'ui:order': ['index'], index: { 'ui:widget': 'hidden' } },
    rules: { validations: [], visibility: {}, effects: [], computed: [] },
    locales: Object.fromEntries(BUILDER_LANGS.map((lang) => [lang, { title: titles[lang], index: { label: ITEM_NUMBER[lang] } }])) as unknown as ModuleSource['locales'],
    process: null,
    attachments: null,
  };
}

/**
 * Adds an item list: creates the item sub-form (its fields, its amount — computed as a product
 * when asked, rounded by the form's currency), and in the form the list field (`ItemList` with
 * item title, summary and total field, items validated in place), and the form total computed as
 * the sum of the item amounts rounded by the currency. Both must be published, the sub-form first.
 */
export function addItemList(source: ModuleSource, spec: ItemListSpec): BuilderResult<ItemListResult> {
  const code = source.code;
  const itemCode = spec.itemCode ?? `${code}-${spec.name.replaceAll('_', '-')}`;
  if (!FIELD_NAME.test(spec.name) || !FIELD_NAME.test(spec.formTotal.name) || !FIELD_NAME.test(spec.itemTotal.name)) return { refused: 'name', values: { name: spec.name } };
  if (!complete(spec.labels) || !complete(spec.itemTitles) || !complete(spec.itemTotal.labels) || !complete(spec.formTotal.labels)) return { refused: 'labels' };
  if (spec.requiredMessages && !complete(spec.requiredMessages)) return { refused: 'requiredMessages' };
  const props = (source.schema as { properties?: Record<string, unknown> }).properties ?? {};
  for (const name of [spec.name, spec.formTotal.name]) if (props[name]) return { refused: 'exists', values: { name } };
  const currency = spec.currencyField ?? (props.currency_id ? 'currency_id' : undefined);
  if (currency && !props[currency]) return { refused: 'unknown', values: { name: currency } };

  // The item sub-form.
  const sub = partsOf(emptySubForm(itemCode, spec.itemTitles));
  const itemFields: FieldSpec[] = [...spec.fields];
  if (!itemFields.some((f) => f.name === spec.itemTotal.name)) itemFields.push({ name: spec.itemTotal.name, type: 'money', labels: spec.itemTotal.labels });
  for (const field of itemFields) {
    const refused = refuseSpec(sub.source, field);
    if (refused) return refused;
    writeField(sub, { ...field, after: field.after ?? sub.order[sub.order.indexOf('index') - 1] ?? null });
  }
  sub.order.splice(sub.order.indexOf('index'), 1);
  sub.order.push('index');
  if (spec.itemTotal.product) {
    const missing = spec.itemTotal.product.find((f) => !sub.properties[f]);
    if (missing) return { refused: 'unknown', values: { name: missing } };
    (sub.rules.computed ??= []).push({ field: spec.itemTotal.name, value: computedLogic({ kind: 'product', field: spec.itemTotal.name, factors: spec.itemTotal.product, currency, parentCurrency: true }) });
    sub.ui[spec.itemTotal.name] = { ...(sub.ui[spec.itemTotal.name] as object), 'ui:readonly': true };
  }

  // The list field and the form total.
  const parts = partsOf(source);
  const first = itemFields[0].type === 'dateRange' ? `${itemFields[0].name}_start` : itemFields[0].name;
  writeField(parts, { name: spec.name, type: 'text', labels: spec.labels, after: spec.after });
  parts.properties[spec.name] = { type: 'array', default: [], maxItems: 100, items: { $ref: itemCode } };
  parts.ui[spec.name] = {
    'ui:field': 'ItemList',
    'ui:options': {
      itemTitle: keyOf(code, spec.name, 'itemTitle'),
      ...(currency ? { requires: [currency] } : {}),
      summary: [
        ...(first !== spec.itemTotal.name ? [{ label: keyOf(itemCode, first, 'label'), field: first, format: 'text' }] : []),
        { label: keyOf(itemCode, spec.itemTotal.name, 'label'), field: spec.itemTotal.name, format: 'money' },
      ],
      totalField: spec.itemTotal.name,
      // The form's total field right after the list shows the sum (rounded by the currency): one total, not two.
      showTotal: false,
    },
  };
  writeField(parts, { name: spec.formTotal.name, type: 'money', labels: spec.formTotal.labels, after: spec.name });
  parts.properties[spec.formTotal.name] = { type: 'number', default: 0 };
  parts.ui[spec.formTotal.name] = { 'ui:widget': 'money', 'ui:readonly': true };
  (parts.rules.computed ??= []).push({ field: spec.formTotal.name, value: computedLogic({ kind: 'sumItems', field: spec.formTotal.name, items: spec.name, itemField: spec.itemTotal.name, currency }) });
  for (const lang of BUILDER_LANGS) setText(parts.locale(lang), [spec.name, 'itemTitle'], spec.itemTitles[lang]);

  // Validations: at least one item (optional), then each item in place, after the fields before the list.
  const validations = (parts.rules.validations ??= []);
  const position = parts.order.indexOf(spec.name);
  let slot = 0;
  for (const { rule, index } of plainValidations(parts.rules)) if (parts.order.indexOf(rule.field) !== -1 && parts.order.indexOf(rule.field) < position) slot = index + 1;
  const added = [];
  if (spec.requiredMessages) {
    added.push({ field: spec.name, when: { '!': [{ '>': [{ count: [{ var: spec.name }] }, 0] }] }, message: keyOf(code, 'messages', `${spec.name}_required`) });
    for (const lang of BUILDER_LANGS) setText(parts.locale(lang), ['messages', `${spec.name}_required`], spec.requiredMessages[lang]);
  }
  validations.splice(slot, 0, ...added, { each: spec.name });

  // The list card shows the total.
  const meta = parts.ui['ui:module'] as { listCard?: { summary?: unknown[] } } | undefined;
  if (meta?.listCard) (meta.listCard.summary ??= []).push({ label: keyOf(code, spec.formTotal.name, 'label'), field: spec.formTotal.name, format: 'money' });
  return { source: { source: parts.source, subForm: sub.source } };
}

/**
 * After a text field is added to an item form: the list showing those items gets it as its
 * summary's first line when it has no text line yet (the rows read "Tokyo – Osaka · 14,000",
 * not only the amount). Anything else leaves the parent as it is.
 */
export function summarizeItemField(parent: ModuleSource, subForm: ModuleSource, field: string): ModuleSource {
  const props = (parent.schema as { properties?: Record<string, { items?: { $ref?: string } }> }).properties ?? {};
  const list = Object.keys(props).find((name) => props[name]?.items?.$ref === subForm.code);
  const type = ((subForm.schema as { properties?: Record<string, { type?: unknown }> }).properties?.[field]?.type);
  if (!list || !(Array.isArray(type) ? type.includes('string') : type === 'string')) return parent;
  const options = ((parent.uiSchema[list] as { 'ui:options'?: { summary?: Array<{ format?: string }> } } | undefined)?.['ui:options']);
  if (!options?.summary || options.summary.some((line) => line.format === 'text')) return parent;
  const parts = partsOf(parent);
  const copied = (parts.ui[list] as { 'ui:options': { summary: unknown[] } })['ui:options'];
  copied.summary.unshift({ label: keyOf(subForm.code, field, 'label'), field, format: 'text' });
  return parts.source;
}
