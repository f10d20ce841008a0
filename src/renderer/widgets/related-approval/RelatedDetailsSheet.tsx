import type { ReactNode } from 'react';
import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useFormatText, useWidgetText } from '../text';
import { relatedItemsOf } from './related-items';
import { isRelatedPurchase, relatedLabel, type RelatedApproval } from './related-source';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  items: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, paddingTop: tokens.spacingVerticalM },
});

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));

/** Code and stamp number, then a purchase's currency and total, or a contract's currency, name, type and supplier account. */
function detailRows(item: RelatedApproval, t: (key: string) => string): Array<[string, unknown]> {
  const head: Array<[string, unknown]> = [[t('related.code'), item.code], [t('related.stampNo'), item.stamp_no]];
  if (isRelatedPurchase(item)) return [...head, [t('related.currency'), item.currency_code], [t('related.total'), item.total_estimated]];
  const account = item.supplier_account;
  return [
    ...head,
    [t('related.currency'), item.currency],
    [t('related.contractName'), item.contract_full_name],
    [t('related.contractType'), item.contract_item_type?.name],
    ...(account ? [[t('related.supplierAccount'), [account.name, account.no, account.bank_name, account.branch_name].filter(Boolean).join(' / ')] as [string, unknown]] : []),
  ];
}

/**
 * The bottom sheet behind a related approval row's info button: code, stamp number, currency,
 * total, contract name and type, supplier account and the items. "Select" picks it.
 */
export function RelatedDetailsSheet(props: { item: RelatedApproval | null; onClose(): void; onSelect(item: RelatedApproval): void }): ReactNode {
  const t = useWidgetText();
  const format = useFormatText();
  const styles = useStyles();
  const { item } = props;
  const of = relatedItemsOf(item ?? undefined);
  const rows = item ? detailRows(item, t) : [];
  return (
    <OverlayDrawer position="bottom" open={item !== null} onOpenChange={(_, data) => !data.open && props.onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" onClick={props.onClose}>{t('close')}</Button>}>
          {t('related.detailsTitle', { code: relatedLabel(item ?? undefined) })}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <dl className={styles.list}>
          {rows.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt className={styles.term}>{term}</dt>
              <dd style={{ margin: 0 }}>{text(value)}</dd>
            </div>
          ))}
        </dl>
        {of.items.length > 0 && (
          <>
            <Text weight="semibold">{t('related.items')}</Text>
            <ol className={styles.items} aria-label={t('related.items')}>
              {of.items.map((entry) => (
                <li key={entry.item_id}>{format.pairs(of.fields.map((f) => [t(`related.fields.${f.label}`), text(entry.data[f.key])]))}</li>
              ))}
            </ol>
          </>
        )}
        <div className={styles.actions}>
          {item && <Button appearance="primary" onClick={() => props.onSelect(item)}>{t('select')}</Button>}
        </div>
      </DrawerBody>
    </OverlayDrawer>
  );
}
