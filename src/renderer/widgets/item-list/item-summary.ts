import { createElement, Fragment, type ReactNode } from 'react';
import { toDisplayDate, type CompiledModule, type JsonSchema, type Translate } from '../../../engine';
import { useDisplayContext } from '../../display-context';
import { enumChoices } from '../../form/enum-choices';
import { readPath } from '../fill-endpoint';
import type { ItemSummaryLine } from './item-list-options';

/** How an item shows a value of a line without a format (its option's label, a picked record's name); undefined: the value as it is. */
export type ItemChoice = (field: string, value: unknown, item: unknown) => ReactNode | undefined;

/**
 * The row parts of one item: its summary values, formatted, empty ones left out. A line without
 * a format shows `choice(field, value, item)` where it gives one, else the value.
 */
export function itemSummary(item: unknown, lines: ItemSummaryLine[], money: (amount: unknown) => string, choice: ItemChoice = () => undefined): ReactNode[] {
  const out: ReactNode[] = [];
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
      case 'text':
        out.push(String(value));
        break;
      default:
        out.push(choice(line.field, value, item) ?? String(value));
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

/**
 * `itemSummary`'s `choice` for a sub-form: the value as the sub-form's field shows it read-only
 * (its widget's Display: an enum option's label, a picked record's name looked up the way its
 * picker lists it). Outside a card or form (no display context) an enum value reads as its
 * option's label (`<field>.options.<value>`).
 */
export function useItemChoice(sub: CompiledModule | undefined, t: Translate): ItemChoice {
  const { renderValue } = useDisplayContext();
  return (field, value, item) => {
    const schema = (sub?.schema.properties as Record<string, JsonSchema> | undefined)?.[field];
    if (!sub || !schema) return undefined;
    if (renderValue && item && typeof item === 'object') return renderValue(sub, field, item as Record<string, unknown>, t);
    return enumChoices(schema, sub.uiSchema[field] as Record<string, unknown> | undefined, `${sub.code}.${field}`, t)?.find((c) => c.value === value)?.label;
  };
}

/** The parts of a row joined by ` · `, or `title()` when the item has none. */
export function summaryOrTitle(parts: ReactNode[], title: () => string): ReactNode {
  if (parts.length === 0) return title();
  return parts.map((part, i) => createElement(Fragment, { key: i }, i > 0 ? ' · ' : null, part));
}
