import { toDisplayDate, type CompiledModule, type JsonSchema, type Translate } from '../../../engine';
import { enumChoices } from '../../form/enum-choices';
import { readPath } from '../fill-endpoint';
import type { ItemSummaryLine } from './item-list-options';

/**
 * The row text of one item: its summary values, formatted, empty ones left out. A line without
 * a format shows `choice(field, value)` where it names one (an option's label), else the value.
 */
export function itemSummary(item: unknown, lines: ItemSummaryLine[], money: (amount: unknown) => string, choice: (field: string, value: unknown) => string | undefined = () => undefined): string[] {
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
      case 'text':
        out.push(String(value));
        break;
      default:
        out.push(choice(line.field, value) ?? String(value));
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

/** `itemSummary`'s `choice` for a sub-form: an enum value reads as its option's label (`<field>.options.<value>`). */
export function choiceLabels(sub: CompiledModule | undefined, t: Translate): (field: string, value: unknown) => string | undefined {
  return (field, value) => {
    const schema = (sub?.schema.properties as Record<string, JsonSchema> | undefined)?.[field];
    if (!sub || !schema) return undefined;
    return enumChoices(schema, sub.uiSchema[field] as Record<string, unknown> | undefined, `${sub.code}.${field}`, t)?.find((c) => c.value === value)?.label;
  };
}
