import { toDisplayDate } from '../../../engine';
import { readPath } from '../fill-endpoint';
import type { ItemSummaryLine } from './item-list-options';

/** The row text of one item: its summary values, formatted, empty ones left out. */
export function itemSummary(item: unknown, lines: ItemSummaryLine[], money: (amount: unknown) => string): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const value = readPath(item, line.field);
    if (value === null || value === undefined || value === '') continue;
    switch (line.format) {
      case 'money':
        out.push(money(value));
        break;
      case 'date':
        out.push(toDisplayDate(value as string));
        break;
      case 'count':
        out.push(String(Array.isArray(value) ? value.length : value));
        break;
      default:
        out.push(String(value));
    }
  }
  return out;
}

/** The item's name for short lists: its first text summary value, if any. */
export function itemName(item: unknown, lines: ItemSummaryLine[]): string | undefined {
  for (const line of lines) {
    if (line.format && line.format !== 'text') continue;
    const value = readPath(item, line.field);
    if (value !== null && value !== undefined && value !== '') return String(value);
  }
  return undefined;
}
