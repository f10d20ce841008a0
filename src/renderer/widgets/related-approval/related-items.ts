import { isRelatedPurchase, type RelatedApproval } from './related-source';

/** One editable value of a related item: its key in `data`, its label key and kind. */
export interface RelatedItemField {
  key: string;
  /** Key under `engine.widgets.related.fields`. */
  label: 'name' | 'amount' | 'unitPrice' | 'content';
  numeric: boolean;
}

/** A stored related item (spec 001 §3): the related approval's item id, whether it was changed, and its values. */
export interface RelatedItemValue {
  item_id: number;
  is_edited: boolean;
  data: Record<string, unknown>;
}

/** The items of a related approval as the field lists them, with their original values. */
export interface RelatedItemsOf {
  fields: RelatedItemField[];
  items: Array<{ item_id: number; data: Record<string, unknown> }>;
}

const name: RelatedItemField = { key: 'name', label: 'name', numeric: false };
const content: RelatedItemField = { key: 'content', label: 'content', numeric: false };
const amount: RelatedItemField = { key: 'amount', label: 'amount', numeric: true };
const unitPrice: RelatedItemField = { key: 'unit_price', label: 'unitPrice', numeric: true };

/** Contract item forms (spec 001 §2): goods, services, hr, other. */
const CONTRACT_FIELDS: Record<string, RelatedItemField[]> = {
  goods: [name, amount, unitPrice],
  services: [content, unitPrice],
  hr: [name, amount],
  other: [content, amount],
};

/** Purchase goods keep the spec's related-item names (goods_name, budget, unit_price, currency). */
const PURCHASE_FIELDS: RelatedItemField[] = [
  { key: 'goods_name', label: 'name', numeric: false },
  { key: 'budget', label: 'amount', numeric: true },
  { key: 'unit_price', label: 'unitPrice', numeric: true },
];

const pick = (row: Record<string, unknown>, fields: RelatedItemField[]) => Object.fromEntries(fields.map((f) => [f.key, row[f.key] ?? null]));
const itemId = (row: Record<string, unknown>, i: number) => (Number.isInteger(row.index) ? (row.index as number) : Number.isInteger(row.id) ? (row.id as number) : i + 1);

/**
 * The items of a related approval: a purchase's goods, or a contract's item list of its type
 * (`item_goods`, `item_services`, `item_hr`, `item_other`). Ids are the items' 1-based indexes.
 */
export function relatedItemsOf(related: RelatedApproval | undefined): RelatedItemsOf {
  if (!related) return { fields: [], items: [] };
  if (isRelatedPurchase(related)) {
    const currency = related.currency_code;
    return {
      fields: PURCHASE_FIELDS,
      items: related.purchase_goods.map((g, i) => ({
        item_id: itemId(g, i),
        data: { goods_name: g.goods_name ?? null, budget: g.budget ?? null, unit_price: g.estimated_unit_price ?? g.unit_price ?? null, currency },
      })),
    };
  }
  const type = related.contract_item_type?.code ?? '';
  const fields = CONTRACT_FIELDS[type];
  const rows = related.data[`item_${type}`];
  if (!fields || !Array.isArray(rows)) return { fields: fields ?? [], items: [] };
  return { fields, items: (rows as Array<Record<string, unknown>>).map((row, i) => ({ item_id: itemId(row, i), data: pick(row, fields) })) };
}

/** Whether an item's values differ from the related approval's (numbers compared as numbers). */
export function isEdited(original: Record<string, unknown>, data: Record<string, unknown>, fields: RelatedItemField[]): boolean {
  return fields.some((f) => {
    const a = original[f.key] ?? null;
    const b = data[f.key] ?? null;
    return f.numeric ? (a === null ? null : Number(a)) !== (b === null ? null : Number(b)) : a !== b;
  });
}

/**
 * The field value for the related approval's items: every item once, with stored values kept
 * for items that still exist (a changed related approval drops the old ones).
 */
export function mergeRelatedItems(of: RelatedItemsOf, stored: RelatedItemValue[]): RelatedItemValue[] {
  const byId = new Map(stored.map((s) => [s.item_id, s]));
  return of.items.map((item) => {
    const kept = byId.get(item.item_id);
    if (!kept) return { item_id: item.item_id, is_edited: false, data: item.data };
    const data = { ...item.data, ...kept.data };
    return { item_id: item.item_id, is_edited: isEdited(item.data, data, of.fields), data };
  });
}

/** Stored related items read defensively from form data. */
export function relatedItemValues(value: unknown): RelatedItemValue[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((v): v is Record<string, unknown> => Boolean(v) && typeof v === 'object')
    .filter((v) => Number.isFinite(Number(v.item_id)))
    .map((v) => ({ item_id: Number(v.item_id), is_edited: v.is_edited === true, data: (v.data && typeof v.data === 'object' ? v.data : {}) as Record<string, unknown> }));
}
