import { Button, Checkbox, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { toDisplayDate } from '../../../../engine';
import { formatMoney } from '../../../../engine/money/format-money';
import { useRendererHost } from '../../../../renderer/host';
import type { InvoiceRow } from './types';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow2 },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  ready: { color: tokens.colorPaletteGreenForeground1 },
});

/**
 * An invoice row (spec 001 §2): checkbox, code, currency and total, requester, created date;
 * with `onUpload`, the upload icon, green only when both paper and e-invoice counts are above zero.
 */
export function InvoiceRowView({ row, checked, onCheck, onUpload }: { row: InvoiceRow; checked: boolean; onCheck(on: boolean): void; onUpload?(): void }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const checkId = useId('invoice-row-');
  const ready = row.count_application_paper > 0 && row.count_einvoice > 0;
  return (
    <div className={styles.row} data-testid="invoice-row" data-code={row.code}>
      <Checkbox id={checkId} aria-label={t('statistic.invoices.select', { code: row.code })} checked={checked} onChange={(_, d) => onCheck(Boolean(d.checked))} />
      {/* The row's text is the checkbox's label: tapping anywhere on it selects the row. */}
      <label htmlFor={checkId} className={styles.text} style={{ cursor: 'pointer' }}>
        <Text weight="semibold">{row.code}</Text>
        <Text>{`${row.currency.code ?? ''} ${row.total === null ? '' : formatMoney(row.total, row.currency.code, host.language)}`.trim()}</Text>
        <Text size={200}>{`${row.requester.name} · ${toDisplayDate(row.created_at)}`}</Text>
      </label>
      {onUpload ? (
        <Button
          appearance="subtle"
          icon={<ArrowUploadRegular className={ready ? styles.ready : undefined} />}
          aria-label={t(ready ? 'statistic.invoices.uploadReady' : 'statistic.invoices.upload', { code: row.code })}
          data-ready={ready}
          onClick={onUpload}
        />
      ) : null}
    </div>
  );
}
