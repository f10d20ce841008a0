import type { LastHistory } from '../../wire/workflow';

/**
 * What `GET /buffer/{id}/last-history` answers: the last edit per field (field, user, created_at,
 * old_value, value) and the same keyed by field; the wire shape, src/wire/workflow.ts.
 */
export type FieldHistory = LastHistory;

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** True for a list of items (objects): history shows it by count and titles, never a bare number. */
export function isItemList(value: unknown): value is Array<Record<string, unknown>> {
  return Array.isArray(value) && value.some((v) => v !== null && typeof v === 'object');
}

/**
 * An item list as history text: "2 items: Printer, Desk" in the reader's language, each item by
 * its name column (`nameField`, the card's), or "Item 3" when it has none.
 */
export function itemListText(items: Array<Record<string, unknown>>, nameField: string | undefined, t: Translate): string {
  const titles = items.map((item, index) => {
    const name = nameField ? item?.[nameField] : undefined;
    return name === null || name === undefined || name === '' ? t('engine.renderer.item', { n: index + 1 }) : String(name);
  });
  return t('app.approvals.edit.items', { count: items.length, titles: titles.join(t('app.approvals.edit.itemSeparator')) });
}

/** A stored value as plain history text: lists joined, objects left out, empty as a dash. */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.every((v) => typeof v !== 'object') ? value.join(', ') : '…';
  if (typeof value === 'object') return '…';
  return String(value);
}
