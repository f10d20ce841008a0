import type { ReactNode } from 'react';
import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useWidgetText } from '../text';
import { relatedItemsOf } from './related-items';
import { relatedLabel, type RelatedApproval } from './related-source';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  items: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, paddingTop: tokens.spacingVerticalM },
});

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));

/**
 * The bottom sheet behind a related approval row's info button: code, stamp number, currency,
 * total, contract name and type, supplier account and the items. "Select" picks it.
 */
export function RelatedDetailsSheet(props: { item: RelatedApproval | null; onClose(): void; onSelect(item: RelatedApproval): void }): ReactNode {
  const t = useWidgetText();
  const styles = useStyles();
  const { item } = props;
  const of = relatedItemsOf(item ?? undefined);
  const account = item?.supplier_account;
  const rows: Array<[string, unknown]> = item ? [
    [t('related.code'), item.code],
    [t('related.stampNo'), item.stamp_no],
    [t('related.currency'), item.currency_code ?? item.currency],
    ...(item.total_estimated !== undefined ? [[t('related.total'), item.total_estimated] as [string, unknown]] : []),
    ...(item.contract_full_name !== undefined ? [[t('related.contractName'), item.contract_full_name] as [string, unknown]] : []),
    ...(item.contract_item_type !== undefined ? [[t('related.contractType'), item.contract_item_type?.name] as [string, unknown]] : []),
    ...(account ? [[t('related.supplierAccount'), [account.name, account.no, account.bank_name, account.branch_name].filter(Boolean).join(' / ')] as [string, unknown]] : []),
  ] : [];
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
                <li key={entry.item_id}>{of.fields.map((f) => `${t(`related.fields.${f.label}`)}: ${text(entry.data[f.key])}`).join(', ')}</li>
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
