import { readPath } from '../fill-endpoint';

/** One summary value of an item row (the same shape as a list card's summary line). */
export interface ItemSummaryLine {
  /** Translation key of the label (`purchase-goods.goods_name.label`). */
  label?: string;
  field: string;
  format?: 'money' | 'date' | 'text' | 'count';
}

/**
 * `ui:options` of `ItemList`:
 * - `subForm` (required): code of the sub-form module that edits one item;
 * - `itemTitle`: translation key of the item page title, `{{n}}` = item number (default "Item {{n}}");
 * - `requires`: form fields that must be set before items can be added or opened;
 * - `summary`: values shown in each row;
 * - `totalField`: the item's amount (default: the first `money` summary field); a list with
 *   neither (posts of a user, say) has no amounts: no amount per row, no total, and an item
 *   always opens with its values;
 * - `showTotal` (default true): false when the form shows the list's total itself (a computed
 *   total field after the list, as the studio's builder writes it): the rows keep their amounts,
 *   the list shows no second total;
 * - `inherit`: parent fields copied into a new item (e.g. `["company_id"]`).
 */
export interface ItemListOptions {
  subForm: string;
  itemTitle?: string;
  requires: string[];
  summary: ItemSummaryLine[];
  totalField: string | null;
  /** Whether the list shows its own total line (see `showTotal`). */
  showTotal: boolean;
  inherit: string[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Reads and defaults the options; a missing `subForm` stays empty and the widget says so. */
export function readItemListOptions(ui: Record<string, unknown> | undefined): ItemListOptions {
  const o = ui ?? {};
  const summary = Array.isArray(o.summary)
    ? (o.summary.filter((s) => s && typeof s === 'object' && typeof (s as ItemSummaryLine).field === 'string') as ItemSummaryLine[])
    : [];
  const moneyLine = summary.find((s) => s.format === 'money');
  return {
    subForm: typeof o.subForm === 'string' ? o.subForm : '',
    itemTitle: typeof o.itemTitle === 'string' ? o.itemTitle : undefined,
    requires: strings(o.requires),
    summary,
    totalField: typeof o.totalField === 'string' ? o.totalField : (moneyLine?.field ?? null),
    showTotal: o.showTotal !== false,
    inherit: strings(o.inherit),
  };
}

/** The item's amount as a number (0 when empty or not a number). */
export function itemAmount(item: unknown, totalField: string | null): number {
  if (totalField === null) return 0;
  const value = Number(readPath(item, totalField));
  return Number.isFinite(value) ? value : 0;
}

/** The list's total: the sum of the items' amounts. */
export function listTotal(items: unknown[], totalField: string | null): number {
  return items.reduce<number>((sum, item) => sum + itemAmount(item, totalField), 0);
}

/** The first `count` items by amount, largest first (ties keep list order), with their list numbers. */
export function topItems<T>(items: T[], totalField: string | null, count: number): Array<{ item: T; n: number }> {
  return items
    .map((item, i) => ({ item, n: i + 1 }))
    .sort((a, b) => itemAmount(b.item, totalField) - itemAmount(a.item, totalField) || a.n - b.n)
    .slice(0, count);
}

/** Items numbered from 1 in `index` (the spec: item indexes start at 1), when the items have that field. */
export function renumber(items: unknown[], hasIndex: boolean): unknown[] {
  if (!hasIndex) return items;
  return items.map((item, i) => (item && typeof item === 'object' && (item as Record<string, unknown>).index !== i + 1 ? { ...(item as object), index: i + 1 } : item));
}
