import { Button, Text } from '@fluentui/react-components';
import type { CompiledModule, JsonSchema, Translate } from '../../engine';
import { MoneyDisplay } from '../theme/displays';
import { fieldDefinition } from './FieldValue';

type Item = Record<string, unknown>;
interface SummaryEntry {
  field: string;
  format?: string;
}

const isText = (schema: JsonSchema | undefined) => {
  const type = schema?.type;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
};

/**
 * The amount and the name column of an item list: from its `ui:options.summary` (first money /
 * first text entry), else the first shown text field of an item (a company's address, a
 * department's name), so a row reads as what it is rather than "Item 1".
 */
export function itemColumns(module: CompiledModule, field: string): { amount?: string; name?: string } {
  const { schema, ui } = fieldDefinition(module, field);
  const options = (ui?.['ui:options'] ?? {}) as { summary?: SummaryEntry[]; amountField?: string; nameField?: string };
  const summary = options.summary ?? [];
  const properties = ((schema.items as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>;
  const itemProps = Object.keys(properties);
  const itemUi = (ui?.items ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const firstText = itemProps.find((p) => isText(properties[p]) && itemUi[p]?.['ui:widget'] !== 'hidden');
  return {
    amount: options.amountField ?? summary.find((s) => s.format === 'money')?.field ?? itemProps.find((p) => /amount|total|budget/.test(p)),
    name: options.nameField ?? summary.find((s) => s.format !== 'money')?.field ?? firstText,
  };
}

/** Items sorted by amount, largest first (stable for equal amounts). */
export function topItems(items: Item[], amountField: string | undefined, count: number): Array<{ item: Item; index: number }> {
  const indexed = items.map((item, index) => ({ item, index }));
  if (!amountField) return indexed.slice(0, count);
  return indexed.sort((a, b) => Number(b.item[amountField] ?? 0) - Number(a.item[amountField] ?? 0) || a.index - b.index).slice(0, count);
}

export interface ItemsSummaryProps {
  module: CompiledModule;
  field: string;
  data: Record<string, unknown>;
  t: Translate;
  /** Opens an item's own detail card (from the detail card; absent in list cards). */
  onOpenItem?(item: Item, index: number): void;
}

/**
 * An item list in a card: the two largest items by amount, "and n more", and the total of all
 * amounts; a list without amounts (a company's addresses, its departments) shows every row.
 */
export function ItemsSummary({ module, field, data, t, onOpenItem }: ItemsSummaryProps) {
  const items = (Array.isArray(data[field]) ? data[field] : []) as Item[];
  const { amount, name } = itemColumns(module, field);
  const shown = topItems(items, amount, amount ? 2 : items.length);
  const total = amount ? items.reduce((sum, item) => sum + (Number(item[amount]) || 0), 0) : undefined;
  return (
    <div data-items={field}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map(({ item, index }) => {
          const title = name && item[name] ? String(item[name]) : t('engine.renderer.item', { n: index + 1 });
          const content = (
            <>
              <span>{title}</span>
              {amount ? (
                <span style={{ marginLeft: 'auto' }}>
                  <MoneyDisplay value={item[amount]} formData={data} />
                </span>
              ) : null}
            </>
          );
          return (
            <li key={index} style={{ display: 'flex', gap: 8 }}>
              {onOpenItem ? (
                <Button appearance="transparent" style={{ display: 'flex', width: '100%', justifyContent: 'space-between', padding: 0 }} onClick={() => onOpenItem(item, index)}>
                  {content}
                </Button>
              ) : (
                content
              )}
            </li>
          );
        })}
      </ul>
      {items.length > shown.length ? <Text size={200}>{t('engine.renderer.moreItems', { n: items.length - shown.length })}</Text> : null}
      {total !== undefined ? (
        <div style={{ display: 'flex', justifyContent: 'space-between' }} data-items-total="">
          <Text weight="semibold">{t('engine.renderer.total')}</Text>
          <Text weight="semibold">
            <MoneyDisplay value={total} formData={data} />
          </Text>
        </div>
      ) : null}
    </div>
  );
}
