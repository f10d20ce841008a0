import type { ReactNode } from 'react';
import { useRendererHost } from '../../host';
import type { DisplayProps } from '../../registry-types';
import { useWidgetText } from '../text';
import { useMoneyFormat } from '../use-currencies';
import { itemAmount, listTotal, readItemListOptions, topItems } from './item-list-options';
import { itemName } from './item-summary';

/** Detail and list cards: the top two items by amount (spec: reimbursement and payment cards) plus the total. */
export function ItemListDisplay({ value, options, formData }: DisplayProps): ReactNode {
  const host = useRendererHost();
  const text = useWidgetText();
  const opts = readItemListOptions(options);
  const items: unknown[] = Array.isArray(value) ? value : [];
  const money = useMoneyFormat(host, undefined, formData);
  if (items.length === 0) return <span>-</span>;
  return (
    <div>
      <ol>
        {topItems(items, opts.totalField, 2).map(({ item, n }) => (
          <li key={n} value={n}>{`${itemName(item, opts.summary) ?? text('items.item', { n })}: ${money(itemAmount(item, opts.totalField))}`}</li>
        ))}
      </ol>
      {items.length > 2 && <div>{text('items.more', { n: items.length - 2 })}</div>}
      <div>{`${text('items.total')}: ${money(listTotal(items, opts.totalField))}`}</div>
    </div>
  );
}
