import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useRendererHost } from '../../host';
import type { DisplayProps } from '../../registry-types';
import { useWidgetText } from '../text';
import { useMoneyFormat } from '../use-currencies';
import { itemAmount, listTotal, readItemListOptions, topItems } from './item-list-options';
import { itemName, itemSummary, summaryOrTitle, useItemChoice } from './item-summary';
import { useDisplayContext } from '../../display-context';
import { useRendererT } from '../../i18n';
import { labelValue } from '../../../engine';

// The browser's default list indent pushed the lines far right inside a card's value column.
const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: '1.5em', overflowWrap: 'anywhere' },
  total: { marginTop: tokens.spacingVerticalXXS },
});

/** Detail and list cards: the top two items by amount (spec: reimbursement and payment cards) plus the total; lists without amounts show every item. */
export function ItemListDisplay({ value, options, formData }: DisplayProps): ReactNode {
  const host = useRendererHost();
  const styles = useStyles();
  const text = useWidgetText();
  const opts = readItemListOptions(options);
  const items: unknown[] = Array.isArray(value) ? value : [];
  const money = useMoneyFormat(host, undefined, formData);
  const { module } = useDisplayContext();
  const t = useRendererT(module);
  const choice = useItemChoice(module?.subForms?.[opts.subForm], t);
  if (items.length === 0) return <span>-</span>;
  // Items without amounts (a user's posts): every item, as its row reads in the form.
  if (opts.totalField === null) {
    return (
      <ol className={styles.list}>
        {items.map((item, i) => (
          <li key={i}>{summaryOrTitle(itemSummary(item, opts.summary, money, choice), () => (opts.itemTitle ? t(opts.itemTitle, { n: i + 1 }) : text('items.item', { n: i + 1 })))}</li>
        ))}
      </ol>
    );
  }
  return (
    <div>
      <ol className={styles.list}>
        {topItems(items, opts.totalField, 2).map(({ item, n }) => (
          <li key={n} value={n}>{labelValue(t, itemName(item, opts.summary) ?? text('items.item', { n }), money(itemAmount(item, opts.totalField)))}</li>
        ))}
      </ol>
      {items.length > 2 && <div>{text('items.more', { n: items.length - 2 })}</div>}
      {opts.showTotal && <div className={styles.total}>{labelValue(t, text('items.total'), money(listTotal(items, opts.totalField)))}</div>}
    </div>
  );
}
